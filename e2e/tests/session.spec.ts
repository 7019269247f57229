import { appReady, expect, test } from '../fixtures';

// A session that ends while a page is open (signed out in another tab or app, expired, revoked):
// the page says so at once, shows nothing of the user's any more, and a sign-in brings them back.

test('a session that ends mid-way is shown at once, and signing in again returns to the page', async ({
  page,
  login,
  baseURL,
  allowConsoleError,
}) => {
  const account = await login({ displayName: 'Ines Moura' });
  await page.goto('/developer?tab=applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Developer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  // The session ends elsewhere: the same browser signs out through the SSO API, not this page.
  const ended = await page.request.post('/sso/logout', {
    data: { application_id: 'main' },
    headers: { origin: baseURL ?? '' },
  });
  expect(ended.status()).toBe(200);

  // The next call the page makes is refused: the signed-in state ends at once.
  await page.getByRole('tablist', { name: 'Developer dashboard' }).getByRole('tab', { name: 'Containers' }).click();
  const notice = page.locator('[data-sonner-toast]').filter({ hasText: 'Your session has ended' });
  await expect(notice).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Developer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  allowConsoleError(/401/); // Chromium logs the refused request itself

  await notice.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdeveloper%3Ftab%3Dcontainers$/);
  // A new page load (the sign-in page, rendered by the server): used once it answers, as after any
  // navigation a click starts (see appReady).
  await appReady(page);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/developer\?tab=containers$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Containers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Your session has ended' })).toHaveCount(0);
});
