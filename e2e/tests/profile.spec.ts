import type { Browser } from '@playwright/test';
import { expect, openUserMenu, test, uniqueEmail } from '../fixtures';

/** A second person in their own browser context, signed in through the API. */
async function secondUser(browser: Browser, baseURL: string, displayName: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const res = await page.request.post('/auth/register', {
    data: { email: uniqueEmail('second'), password: 'a long passphrase', displayName },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return { context, page };
}

test('the owner edits the headline and an experience entry, and sees them after a reload', async ({ page, login }) => {
  const me = await login({ displayName: 'Marta Lopes' });
  await page.goto('/');
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/profile\/me$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Marta Lopes' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Headline').fill('Platform engineer at Nuvem');
  await page.getByLabel('Location').fill('Lisbon, Portugal');
  await page.getByRole('button', { name: 'Save' }).click();
  const summary = page.getByRole('region', { name: 'Profile summary' });
  await expect(summary.getByText('Platform engineer at Nuvem')).toBeVisible();

  await page.getByRole('tab', { name: 'Experience' }).click();
  await page.getByRole('button', { name: 'Add experience' }).click();
  const add = page.getByRole('form', { name: 'Add experience' });
  await add.getByLabel('Title').fill('Site Reliability Engineer');
  await add.getByLabel('Company').fill('Acme Cloud');
  await add.getByLabel('Duration').fill('2021 – Present');
  await add.getByLabel('I currently work here').check();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Experience' }).getByText('Site Reliability Engineer')).toBeVisible();

  // Edit the entry.
  await page.getByRole('button', { name: 'Edit: Site Reliability Engineer at Acme Cloud' }).click();
  const edit = page.getByRole('form', { name: 'Edit experience: Site Reliability Engineer' });
  await edit.getByLabel('Title').fill('Staff SRE');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Experience' }).getByText('Staff SRE')).toBeVisible();

  await page.reload();
  await expect(summary.getByText('Platform engineer at Nuvem')).toBeVisible();
  await expect(summary.getByText('Lisbon, Portugal')).toBeVisible();
  await page.getByRole('tab', { name: 'Experience' }).click();
  const experience = page.getByRole('tabpanel', { name: 'Experience' });
  await expect(experience.getByText('Staff SRE')).toBeVisible();
  await expect(experience.getByText('Acme Cloud')).toBeVisible();
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByText(me.email)).toBeVisible();
});

test('another user sees the profile read-only, without the e-mail, and can follow and connect', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const owner = await login({ displayName: 'Rui Costa' });
  const visitor = await secondUser(browser, baseURL ?? '', 'Inês Duarte');
  await visitor.page.goto(`/profile/${owner.id}`);
  const p = visitor.page;
  await expect(p.getByRole('heading', { level: 1, name: 'Rui Costa' })).toBeVisible();
  await expect(p.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Message' })).toBeDisabled();
  await p.getByRole('tab', { name: 'About' }).click();
  await expect(p.getByText(owner.email)).toHaveCount(0);

  await expect(p.getByText('0 followers')).toBeVisible();
  await p.getByRole('button', { name: 'Follow' }).click();
  await expect(p.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(p.getByText('1 follower')).toBeVisible();
  await p.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(p.getByRole('button', { name: 'Pending' })).toBeVisible();

  // The owner sees the request (and the visit) and accepts it.
  await page.goto('/profile/me');
  const requests = page.getByRole('region', { name: 'Connection requests' });
  await requests.getByRole('button', { name: 'Accept Inês Duarte' }).click();
  await expect(page.getByText('1 connection')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile views (last 30 days)' })).toContainText('1');
  await visitor.context.close();
});

test('the own profile falls back to the signed-in user when the profile service fails', async ({
  page,
  login,
  allowConsoleError,
}) => {
  await login({ displayName: 'Fallback Person' });
  await page.route('**/api/users/me', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 503, json: { success: false, error: 'Service unavailable' } })
      : route.continue(),
  );
  await page.goto('/profile/me');
  await expect(page.getByText('Showing a basic profile: the full profile could not be loaded')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Fallback Person' })).toBeVisible();
  await expect(page.getByText('500 connections')).toBeVisible();
  await expect(page.getByText('1,200 followers')).toBeVisible();
  allowConsoleError(/503/);
});

test("another user's profile that cannot load says so; an unknown one is not found", async ({
  page,
  login,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  const other = await secondUser(browser, baseURL ?? '', 'Someone Else');
  const otherId = ((await (await other.page.request.get('/auth/me')).json()) as { user: { id: string } }).user.id;
  await other.context.close();
  await login();
  await page.route(`**/api/users/${otherId}`, (route) =>
    route.fulfill({ status: 500, json: { success: false, error: 'Internal Server Error' } }),
  );
  await page.goto(`/profile/${otherId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Unable to load profile' })).toBeVisible();

  await page.goto('/profile/usr_doesnotexist');
  await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
  allowConsoleError(/50[03]|404/);
});
