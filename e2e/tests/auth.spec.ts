import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../packages/contracts/src/auth';
import { appReady, expect, openUserMenu, test, uniqueEmail } from '../fixtures';

const passwordHint = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, and not a common or leaked password.`;

test('register from a page, come back to it signed in, stay signed in after a reload, then sign out', async ({
  page,
}) => {
  await page.goto('/events');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await appReady(page);

  await page.getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('form', { name: 'Create account' });
  await register.getByLabel('Display name').fill('Marina Costa');
  await register.getByLabel('Email').fill(uniqueEmail('marina'));
  await register.getByLabel('Password').fill('a long passphrase');
  await register.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/events$/);
  let menu = await openUserMenu(page);
  await expect(menu.getByText('Marina Costa')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);

  menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  const check = await page.request.get('/sso/check');
  expect(await check.json()).toMatchObject({ authenticated: false });
});

test('a wrong password shows the message and signs nobody in', async ({ page, login, allowConsoleError }) => {
  const account = await login();
  await page.context().clearCookies();
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill('not the password');
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  // Chromium logs the refused request itself ("Failed to load resource … 401").
  allowConsoleError(/status of 401/);
});

test('creating an account states the password rule first, and refuses a common password', async ({
  page,
  allowConsoleError,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('form', { name: 'Create account' });
  await expect(register.getByText(passwordHint)).toBeVisible();
  await expect(register.getByLabel('Password')).toHaveAccessibleDescription(passwordHint);
  await register.getByLabel('Display name').fill('Common Choice');
  await register.getByLabel('Email').fill(uniqueEmail('common'));
  await register.getByLabel('Password').fill('qwertyuiop');
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(register.getByLabel('Password')).toHaveAccessibleDescription(
    /^This password is too common\. Choose one that is harder to guess\./,
  );
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  allowConsoleError(/status of 400/);
});

test("registration shows each problem beside its field in plain words, never the API's field paths", async ({
  page,
  allowConsoleError,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('form', { name: 'Create account' });
  await register.getByLabel('Display name').fill('Short Key');
  await register.getByLabel('Email').fill('not-an-email');
  await register.getByLabel('Password').fill('x'.repeat(PASSWORD_MIN_LENGTH - 1));
  await register.getByRole('button', { name: 'Create account' }).click();

  const email = register.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Enter an e-mail address such as name@example.com.');
  await expect(email).toBeFocused();
  await expect(register.getByLabel('Password')).toHaveAccessibleDescription(
    new RegExp(`^Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters\\.`),
  );
  await expect(register.getByLabel('Display name')).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByText(/body\.|must be a valid/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  allowConsoleError(/status of 400/);

  // Fixed, the same form goes through.
  await email.fill(uniqueEmail('fixed'));
  await register.getByLabel('Password').fill('a long passphrase');
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});

test('signing in works in Portuguese, the messages included', async ({ page, login, allowConsoleError }) => {
  const account = await login();
  await page.context().clearCookies();
  await page.addInitScript(() => window.localStorage.setItem('nuvem.language', 'pt-PT'));
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  const form = page.getByRole('form', { name: 'Iniciar sessão' });
  await form.getByLabel('E-mail').fill(account.email);
  await form.getByLabel('Palavra-passe').fill('not the password');
  await form.getByRole('button', { name: 'Iniciar sessão', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou palavra-passe inválidos');
  allowConsoleError(/status of 401/);

  await form.getByLabel('Palavra-passe').fill(account.password);
  await form.getByRole('button', { name: 'Iniciar sessão', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Menu do utilizador' })).toBeVisible();
});

test('the sign-in page shows fixed messages for ?error=, never the text in the address', async ({ page }) => {
  for (const text of ['<script>alert(1)</script>', 'Your account is suspended, call 555']) {
    await page.goto(`/login?error=${encodeURIComponent(text)}`);
    await expect(page.getByRole('alert')).toHaveText('Social sign-in failed. Please try again.');
    await expect(page.getByText(text)).toHaveCount(0);
    await expect(page.getByText('call 555')).toHaveCount(0);
  }
  await page.goto('/login?error=github_not_configured');
  await expect(page.getByRole('alert')).toHaveText(
    'Sign-in with GitHub is not configured here: use your e-mail and password.',
  );
});

test('sign in with e-mail and password, remembered @mobile', async ({ page, login }) => {
  const account = await login({ displayName: 'Rui Prado' });
  await page.context().clearCookies();
  await page.goto(`/login?redirect=${encodeURIComponent('/pricing')}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'nuvem_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  const menu = await openUserMenu(page);
  await expect(menu.getByText('Rui Prado')).toBeVisible();
});

// Signed in, the sign-in page follows `redirect` at once from the portal's own page: a link to
// /login?redirect=%2Flogout must not become a same-origin sign-out past /logout's question.
for (const target of ['/logout', '/%6Cogout/']) {
  test(`a link to the sign-in page with redirect=${target} does not sign the user out`, async ({ page, login }) => {
    await login({ displayName: 'Ines Sa' });
    await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
    await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect((await page.request.get('/auth/me')).status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const menu = await openUserMenu(page);
    await expect(menu.getByText('Ines Sa')).toBeVisible();
  });
}

for (const provider of ['Google', 'GitHub'] as const) {
  test(`sign in with ${provider} and come back to the page you were on`, async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await appReady(page);
    await page.getByRole('button', { name: `Continue with ${provider}` }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    const menu = await openUserMenu(page);
    const name = provider === 'Google' ? process.env.NUVEM_E2E_GOOGLE_NAME : process.env.NUVEM_E2E_GITHUB_NAME;
    await expect(menu.getByText(name ?? 'missing')).toBeVisible();
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header offers the same links in a menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Ingenious Gen', 'Events', 'Pricing'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    await nav.getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });
});
