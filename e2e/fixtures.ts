import { test as base, expect } from '@playwright/test';

interface Fixtures {
  /** Console messages of type error; a test fails if any appear unless it takes them over. */
  consoleErrors: string[];
}

/**
 * The portal under test: `baseURL` is the server global-setup started, and every test fails
 * on an uncaught page error or a console error (a CSP violation shows up as one).
 */
export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    const url = process.env.NUVEM_E2E_URL;
    if (!url) throw new Error('NUVEM_E2E_URL is not set: run the tests through playwright.config.ts');
    await use(url);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
