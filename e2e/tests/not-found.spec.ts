import { expect, test } from '../fixtures';

test('an unknown route shows the not-found page, logs the path without a warning and links home', async ({ page }) => {
  const messages: { type: string; text: string }[] = [];
  page.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
  const logged = page.waitForEvent('console', (message) => message.text().includes('non-existent route'));
  await page.goto('/this/page/does-not-exist');
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
});

test('the not-found page speaks Portuguese to a Portuguese visitor', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('nuvem.language', 'pt-PT'));
  await page.goto('/nao/existe');
  await expect(page.getByText('Ups! Página não encontrada')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page.getByRole('button', { name: 'Explorar' })).toBeVisible();
});

test('an unknown API path answers JSON, not the web app', async ({ request }) => {
  const response = await request.get('/api/does-not-exist');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
});
