import type { Page } from '@playwright/test';
import { appReady, expect, test } from '../fixtures';

/**
 * Opens `path` until the server's render is there (other tests load the server meanwhile; past its
 * share of a second a page goes out unrendered, and a render is kept 10 s for the next visit).
 */
async function visitRendered(page: Page, path: string, heading: { name: string }) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, ...heading })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

// Issue 35, first paint: the server renders each page's HTML (in the reader's language, with the
// events a visitor sees first), and the browser hydrates it. Without JavaScript the page is already
// there; with it, the same HTML comes alive with no hydration error (the fixture fails the test on
// any console error or uncaught page error, which is how React reports a mismatch).

test('the public pages arrive rendered: readable with JavaScript off, in the language the request asks for', async ({
  browser,
  baseURL,
}) => {
  const english = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'en-GB' });
  const page = await english.newPage();
  await visitRendered(page, '/events', { name: 'Events' });
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  // The first page of the catalogue, with its cards (the seeded demo events).
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();
  await expect(page).toHaveTitle('Events · Nuvem');
  expect(await page.getAttribute('html', 'lang')).toBe('en');
  await expect(async () => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page).toHaveTitle('Sign in · Nuvem');
  await english.close();

  const portuguese = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'pt-PT' });
  const pt = await portuguese.newPage();
  await visitRendered(pt, '/events', { name: 'Eventos' });
  await expect(pt.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
  expect(await pt.getAttribute('html', 'lang')).toBe('pt-PT');
  await visitRendered(pt, '/pricing', { name: 'Planos Nuvem' });
  await expect(pt.getByRole('heading', { level: 1, name: 'Planos Nuvem' })).toBeVisible();
  await portuguese.close();
});

test('a rendered page hydrates without a mismatch and answers at once: filters, links and the language switch', async ({
  page,
}) => {
  // The server's HTML is in the page before any script ran: the same cards, not a second fetch's
  // (opened again while the server, busy with the other tests, sends it unrendered past its share).
  await expect(async () => {
    await page.goto('/events');
    expect(await page.evaluate(() => document.getElementById('nuvem-ssr-state') !== null)).toBe(true);
  }).toPass({ timeout: 15_000 });
  const cards = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  // Hydrated: a search narrows the list (client code answering the server's HTML).
  await page.getByRole('searchbox', { name: 'Search events' }).fill('zzzz-no-such-event');
  await expect(page.getByText('No events found')).toBeVisible();

  // The header's choice of language is remembered for the server's next render too.
  await page.goto('/pricing');
  await page.getByRole('button', { name: /Language: English/ }).click();
  await page.getByRole('menuitem', { name: 'Português (Portugal)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Planos Nuvem' })).toBeVisible();
  // Rendered or not (past the server's share), the page names the chosen language.
  expect(await (await page.request.get('/events')).text()).toContain('<html lang="pt-PT"');
  await expect
    .poll(async () => (await page.request.get('/events')).text(), { timeout: 15_000 })
    .toContain('<title>Eventos · Nuvem</title>');
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
});

test('a signed-in page hydrates the signed-out frame the server sent, then shows the account', async ({
  page,
  login,
}) => {
  const account = await login({ displayName: 'Rendered Person' });
  for (const path of ['/', '/developer', `/profile/me`, '/pricing']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(account.email).toContain('@');
  // The server's HTML is the same for everyone: nothing of the signed-in account is in it, whether
  // asked for with this session or by anyone else.
  for (const path of ['/', '/developer', '/profile/me', '/account']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).not.toContain(account.email);
    expect(html, path).not.toContain('Rendered Person');
  }
});

test('the sign-in and pricing pages stay where the server painted them as they come alive', async ({ page }) => {
  // Every place "Create an account" (sign-in) or the first plan (pricing) takes, from the first frame
  // on. The passkey and social buttons, the prices and the sandbox notice used to appear only once
  // the page had hydrated and fetched, moving what was under them just as the page answered: a click
  // aimed at "Create an account" then landed on the form.
  await page.addInitScript({
    content: `
      const seen = (window.placesTaken = []);
      const look = () => {
        const target =
          [...document.querySelectorAll('button')].find((b) => b.textContent === 'Create an account') ??
          document.querySelector('main article');
        if (target) {
          const box = target.getBoundingClientRect();
          const place = Math.round(box.x) + ',' + Math.round(box.y);
          if (seen.at(-1) !== place) seen.push(place);
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);`,
  });
  for (const path of ['/login', '/pricing']) {
    await expect(async () => {
      await page.goto(path);
      expect(await page.evaluate(() => document.getElementById('nuvem-ssr-state') !== null)).toBe(true);
    }).toPass({ timeout: 15_000 });
    await appReady(page);
    if (path === '/login') {
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    } else {
      await expect(page.getByText('Sandbox payments')).toBeVisible();
      await expect(page.getByText('€99.00')).toBeVisible();
    }
    const places = await page.evaluate(() => Reflect.get(window, 'placesTaken') as string[]);
    expect(places, path).toHaveLength(1);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a press on a button the server painted, before the app has loaded, is done once the page answers', async ({
    page,
  }) => {
    // Navigate without waiting for the app: the menu button is in the server's HTML.
    await page.goto('/', { waitUntil: 'commit' });
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(nav.getByRole('link', { name: 'Events' })).toBeVisible();
    // Opened once (not opened and closed again by a second replay).
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(nav.getByRole('link', { name: 'Events' })).toBeVisible();
  });
});
