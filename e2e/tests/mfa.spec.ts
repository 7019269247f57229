import { HOTP, Secret } from 'otpauth';
import type { Page } from '@playwright/test';
import { expect, openUserMenu, test, type TestAccount } from '../fixtures';

/** The authenticator app's code one step ahead of now (the server accepts ±1 step, each once). */
function nextCode(secret: string): string {
  const step = Math.floor(Date.now() / 30_000) + 1;
  return HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, digits: 6, algorithm: 'SHA1' });
}

/** The code of the current step. */
function currentCode(secret: string): string {
  const step = Math.floor(Date.now() / 30_000);
  return HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, digits: 6, algorithm: 'SHA1' });
}

async function signOut(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
}

async function signInWithPassword(page: Page, account: TestAccount) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Shows the recovery codes dialog's ten codes, then closes it the only way it closes. */
async function keepRecoveryCodes(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const texts = await codes.allTextContents();
  await dialog.getByRole('button', { name: "I've saved them" }).click();
  await expect(dialog).toBeHidden();
  return texts;
}

test('turns on an authenticator app, then a password sign-in asks for its code', async ({
  page,
  login,
  allowConsoleError,
}) => {
  const account = await login();
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByRole('button', { name: 'Set up authenticator app' }).click();

  const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  // A stolen session alone cannot add a factor: the password first.
  await setup.getByLabel('Password').fill(account.password);
  await setup.getByRole('button', { name: 'Continue' }).click();
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await setup.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const code = setup.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await code.fill('000000');
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByRole('alert')).toHaveText('That code is not right. Check the app and try again.');
  // Chromium logs the refused request itself ("Failed to load resource … 400").
  allowConsoleError(/status of 400/);
  await code.fill(currentCode(secret));
  await setup.getByRole('button', { name: 'Turn on' }).click();
  const recoveryCodes = await keepRecoveryCodes(page);
  expect(recoveryCodes[0]).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await expect(section.getByText('10 codes left')).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, account);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  // No session yet: the SSO check says so.
  expect(await (await page.request.get('/sso/check')).json()).toMatchObject({ authenticated: false });
  const step = page.getByRole('form', { name: 'Two-step verification' });
  await step.getByLabel('Authentication code').fill(nextCode(secret));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  expect(await (await page.request.get('/sso/check')).json()).toMatchObject({
    authenticated: true,
    mfa: { enabled: true, passed: true },
  });
});

test('adds a passkey, signs in with it without a password, and uses it as the second step', async ({ page, login }) => {
  // Chromium's virtual authenticator: a platform passkey that verifies its user at once.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  const account = await login();
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await add.getByLabel('Name').fill('Test laptop');
  await add.getByLabel('Password').fill(account.password);
  await add.getByRole('button', { name: 'Continue' }).click();
  // The account's first second factor: its recovery codes come with it.
  await keepRecoveryCodes(page);
  const passkeys = section.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByText('Test laptop')).toBeVisible();
  await expect(passkeys.getByText(/never used/)).toBeVisible();

  // Passwordless: no e-mail, no password.
  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  expect(await (await page.request.get('/sso/check')).json()).toMatchObject({
    authenticated: true,
    user: { email: account.email },
    mfa: { enabled: true, passed: true },
  });

  // With the password, the passkey is the second step.
  await signOut(page);
  await signInWithPassword(page, account);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  await page.goto('/account');
  await expect(section.getByRole('list', { name: 'Your passkeys' }).getByText(/last used/)).toBeVisible();
});
