import { readFile } from 'node:fs/promises';
import { expect, openUserMenu, test } from '../fixtures';
import { waitForMail } from '../mail';

const firefoxOnMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';

// The account page's sessions, export and deletion, as a user sees them.

test('lists the sessions, signs the other browser out, and downloads the data', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const account = await login({ displayName: 'Rita Sessões' });
  // A second browser, signed in to the same account.
  const elsewhere = await browser.newContext({ baseURL, userAgent: firefoxOnMac, reducedMotion: 'reduce' });
  try {
    const other = await elsewhere.newPage();
    const signIn = await other.request.post('/auth/login', {
      data: { email: account.email, password: account.password },
      headers: { origin: baseURL ?? '' },
    });
    expect(signIn.status()).toBe(200);
    await other.goto('/');
    await expect(other.getByRole('button', { name: 'User menu' })).toBeVisible();

    // The account page is one click away in the user menu.
    await page.goto('/');
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(devices.filter({ hasText: 'Firefox on macOS' })).toHaveCount(1);

    await page.getByRole('button', { name: 'Sign out Firefox on macOS' }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Firefox on macOS was signed out.' }),
    ).toHaveCount(1);
    await expect(devices).toHaveCount(1);
    await expect(page.getByText('No other device is signed in to your account.')).toBeVisible();

    // The other browser is signed out.
    await other.reload();
    await expect(other.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(other.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  } finally {
    await elsewhere.close();
  }

  // The export: a JSON file of the account.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nuvem-account-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const data = JSON.parse(await readFile(file, 'utf8')) as { user: { email: string; display_name: string } };
  expect(data.user).toMatchObject({ email: account.email, display_name: 'Rita Sessões' });
});

test('deletes the account: signed out, home with a notice, a mail, and no signing in again', async ({
  page,
  login,
  allowConsoleError,
}) => {
  const account = await login({ displayName: 'Tiago Adeus' });
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByLabel(`Type your e-mail address, ${account.email}, to confirm`);

  // A typo in the address is caught before anything is sent.
  await confirm.fill(`x${account.email}`);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm).toHaveAccessibleDescription(`Type ${account.email} exactly as it is, to confirm.`);

  // A wrong password is said beside its field; the account stays.
  await confirm.fill(account.email);
  await dialog.getByLabel('Password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription(/The password is not correct\./);

  const before = new Date();
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: `Your account was deleted. A confirmation was sent to` }),
  ).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Your session has ended' })).toHaveCount(0);

  const notice = await waitForMail({ to: account.email, subject: /deleted/, after: before });
  expect(notice.subject).toBe('Your Nuvem account was deleted');

  // The account cannot sign in again.
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  // Chromium logs the refused requests itself (the wrong password, the sign-in after).
  allowConsoleError(/status of 401/);
});
