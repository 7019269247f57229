import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail';

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  displayName: string;
}

interface Fixtures {
  /**
   * Console messages of type error; a test fails if any remain at its end. A test that provokes
   * an expected one (a refused login logs the 401) removes it with `allowConsoleError`.
   */
  consoleErrors: string[];
  allowConsoleError: (pattern: RegExp) => void;
  /**
   * Registers a fresh account through the API (no UI) and signs the page's browser in. `verified`:
   * also follow the mailed verification link (buying needs a verified address).
   */
  login: (overrides?: Partial<Omit<TestAccount, 'id'>> & { verified?: boolean }) => Promise<TestAccount>;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/**
 * Waits until the page answers (`<html data-app-ready>`): after a navigation a click started (the
 * fixture's `goto` and `reload` wait by themselves). A press in the first moments after the HTML
 * appears, before even the boot script runs, would be lost, as it would be for a person that fast.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '', { timeout: 15_000 });
}

/** Opens the header's user menu and returns its content. */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  return page.getByRole('menu');
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
  // After a navigation, wait until the page answers (`<html data-app-ready>`, set once the app has
  // hydrated the server's HTML or rendered its own), as a person waits for a page to respond. A
  // test of what happens before that navigates with `waitUntil: 'commit'`.
  page: async ({ page }, use) => {
    const untilReady = async <T>(navigation: Promise<T>, waitUntil?: string): Promise<T> => {
      const response = await navigation;
      if (waitUntil !== 'commit') {
        await page
          .waitForFunction(
            () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
            undefined,
            { timeout: 15_000 },
          )
          .catch(() => undefined); // the test's own expectations say what is wrong
      }
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = (url, options) => untilReady(goto(url, options), options?.waitUntil);
    page.reload = (options) => untilReady(reload(options), options?.waitUntil);
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // What each error's objects held ('[Object]' in its text), to say why when the test fails.
      const details = new Map<string, Promise<string>>();
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        errors.push(text);
        details.set(
          text,
          Promise.all(message.args().map((arg) => arg.jsonValue().catch(() => '?')))
            .then((values) => JSON.stringify(values.slice(1)).slice(0, 2_000))
            .catch(() => ''),
        );
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      const shown = await Promise.all(
        errors.map(async (text) => {
          const held = await details.get(text);
          return held && held !== '[]' ? `${text} ${held}` : text;
        }),
      );
      expect(shown, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
  allowConsoleError: async ({ consoleErrors }, use) => {
    await use((pattern) => {
      const kept = consoleErrors.filter((message) => !pattern.test(message));
      consoleErrors.splice(0, consoleErrors.length, ...kept);
    });
  },
  login: async ({ page, baseURL }, use) => {
    await use(async (overrides = {}) => {
      const account = {
        email: overrides.email ?? uniqueEmail(),
        password: overrides.password ?? 'a long passphrase',
        displayName: overrides.displayName ?? 'Test User',
      };
      // page.request shares the browser context's cookies: the session cookie lands in the browser.
      const res = await page.request.post('/auth/register', {
        data: account,
        headers: { origin: baseURL ?? '' },
      });
      expect(res.status(), await res.text()).toBe(201);
      const body = (await res.json()) as { user: { id: string } };
      if (overrides.verified) {
        const mail = await waitForMail({
          to: account.email,
          subject: /^(Verify your e-mail|Verifique o seu endereço)/,
        });
        const token = new URL(linkIn(mail.text, '/verify-email') ?? '').searchParams.get('token');
        const verified = await page.request.post('/auth/email/verify', {
          data: { token },
          headers: { origin: baseURL ?? '' },
        });
        expect(verified.status(), await verified.text()).toBe(200);
      }
      return { id: body.user.id, ...account };
    });
  },
});

export { expect };
