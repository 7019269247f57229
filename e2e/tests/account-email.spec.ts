import { expect, test, uniqueEmail } from '../fixtures';
import { linkIn, waitForMail } from '../mail';

/** The mailed link to `path`, opened as the reader would. */
function mailedLink(text: string, path: string): string {
  const link = linkIn(text, path);
  expect(link, `a ${path} link in the message`).toBeTruthy();
  return link ?? '';
}

test('a new account verifies its address from the mailed link, and the banner goes @mobile', async ({
  page,
  allowConsoleError,
}) => {
  const email = uniqueEmail('verify');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('form', { name: 'Create account' });
  await register.getByLabel('Display name').fill('Vera Lima');
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password').fill('a long passphrase');
  await register.getByRole('button', { name: 'Create account' }).click();

  const banner = page.getByRole('complementary', { name: 'Address not verified' });
  await expect(banner).toContainText(email);
  await expect(banner.getByRole('button', { name: 'Send the link again' })).toBeVisible();

  const mail = await waitForMail({ to: email, subject: /^Verify your e-mail address/ });
  await page.goto(mailedLink(mail.text, '/verify-email'));
  await expect(page.getByRole('heading', { level: 1, name: 'Address verified' })).toBeVisible();
  await expect(page.getByText(`Thank you: ${email} is verified.`)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'The link did not work' })).toBeVisible(); // single-use
  await expect(page.getByText('This link is invalid or has expired. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  // Chromium logs the used link's 400 itself.
  allowConsoleError(/status of 400/);
});

test('a forgotten password is reset through the mailed link, then the new one signs in', async ({
  page,
  login,
  allowConsoleError,
}) => {
  const account = await login();
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  const forgot = page.getByRole('form', { name: 'Forgot your password?' });
  await forgot.getByLabel('E-mail').fill(account.email);
  const after = new Date();
  await forgot.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();

  const mail = await waitForMail({ to: account.email, subject: /^Reset your Nuvem password/, after });
  await page.goto(mailedLink(mail.text, '/reset-password'));
  const reset = page.getByRole('form', { name: 'Choose a new password' });
  await reset.getByLabel('New password').fill('password123');
  await reset.getByRole('button', { name: 'Set the password' }).click();
  await expect(reset.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  await reset.getByLabel('New password').fill('a fresh new passphrase');
  await reset.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(account.email);
  await signIn.getByLabel('Password').fill('a fresh new passphrase');
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  // The reset link proved the mailbox: the address counts as verified.
  await expect(page.getByRole('complementary', { name: 'Address not verified' })).toHaveCount(0);
  // Chromium logs the refused common password's 400 itself.
  allowConsoleError(/status of 400/);
});
