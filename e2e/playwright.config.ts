import { defineConfig } from '@playwright/test';
import { chromiumPath, offlineChromiumFlags } from './chromium.js';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  // Each step has its own wait (10 s); the whole test gets 60 s: on a busy 2-core CI machine several
  // tests took 33-36 s with every step passing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../.test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: '../.test-results/e2e.json' }]],
  // Builds nothing: it serves the built app (`npm run build`) from a fresh data directory.
  globalSetup: './global-setup.ts',
  use: {
    browserName: 'chromium',
    // The animated background keeps Chromium's compositor busy on every page; it holds still for
    // visitors who ask for reduced motion. home.spec.ts checks both, switching the preference itself.
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', ...offlineChromiumFlags],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    // A phone runs the tests that check a layout, a menu or touch (tagged '@mobile' at the end of
    // their title); running every flow twice doubled the run for screens that differ only in width.
    // Tests that set a phone's viewport themselves ('on a phone') run once, in the desktop project.
    {
      name: 'mobile',
      grep: /@mobile/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
});
