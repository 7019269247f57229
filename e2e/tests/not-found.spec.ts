import { expect, test } from '../fixtures';

/** What the browser logs of a page served with status 404: expected here, and nothing else. */
const pageStatus404 = /Failed to load resource: the server responded with a status of 404/;

test('an unknown route answers 404 and shows the not-found page, logs the path without a warning and links home', async ({
  page,
  allowConsoleError,
}) => {
  const messages: { type: string; text: string }[] = [];
  page.on('console', (message) => {
    if (!pageStatus404.test(message.text())) messages.push({ type: message.type(), text: message.text() });
  });
  const logged = page.waitForEvent('console', (message) => message.text().includes('non-existent route'));
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  const log = await logged;
  expect(log.text()).toContain('/this/page/does-not-exist');
  expect(log.type()).toBe('info');
  // Nothing on the page warns or fails (the fixture also fails the test on any console error).
  expect(messages.filter((message) => message.type === 'warning' || message.type === 'error')).toEqual([]);

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nuvem' })).toBeVisible();
  expect(messages.filter((message) => message.type === 'warning' || message.type === 'error')).toEqual([]);
  allowConsoleError(pageStatus404);
});

test('the not-found page speaks Portuguese to a Portuguese visitor', async ({ page, allowConsoleError }) => {
  await page.addInitScript(() => window.localStorage.setItem('nuvem.language', 'pt-PT'));
  expect((await page.goto('/nao/existe'))?.status()).toBe(404);
  await expect(page.getByText('Ups! Página não encontrada')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page.getByRole('button', { name: 'Explorar' })).toBeVisible();
  allowConsoleError(pageStatus404);
});

test('an unknown API path answers JSON, not the web app', async ({ request }) => {
  const response = await request.get('/api/does-not-exist');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
});

test('an event page whose event does not exist answers 404 and says so, with the way back to the catalogue', async ({
  page,
  allowConsoleError,
}) => {
  expect((await page.goto('/events/evt_nowhere'))?.status()).toBe(404);
  await expect(page.getByText('Event not found')).toBeVisible();
  await expect(page.getByText('This event does not exist or is no longer published.')).toBeVisible();
  allowConsoleError(pageStatus404);
});
