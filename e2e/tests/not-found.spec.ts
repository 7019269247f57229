import { expect, test } from '../fixtures';

test('an unknown route shows the not-found page, logs the path and links home', async ({ page }) => {
  const logged = page.waitForEvent('console', (message) => message.text().includes('non-existent route'));
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect((await logged).text()).toContain('/this/page/does-not-exist');

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nuvem' })).toBeVisible();
});

test('an unknown API path answers JSON, not the web app', async ({ request }) => {
  const response = await request.get('/api/does-not-exist');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
});
