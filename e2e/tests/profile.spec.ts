import type { Browser } from '@playwright/test';
import { expect, openUserMenu, test, uniqueEmail } from '../fixtures';

// The English texts; the Portuguese walk below sets its own language.
test.use({ locale: 'en-US' });

/** A second person in their own browser context, signed in through the API. */
async function secondUser(browser: Browser, baseURL: string, displayName: string, locale = 'en-US') {
  const context = await browser.newContext({ baseURL, locale });
  const page = await context.newPage();
  const res = await page.request.post('/auth/register', {
    data: { email: uniqueEmail('second'), password: 'a long passphrase', displayName },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return { context, page };
}

test('the owner edits the name, headline and an experience entry, and sees them after a reload @mobile', async ({
  page,
  login,
}) => {
  const me = await login({ displayName: 'Marta Lopes' });
  await page.goto('/');
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/me$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Marta Lopes' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Display name').fill('Marta L. Lopes');
  await page.getByLabel('Headline').fill('Platform engineer at Nuvem');
  await page.getByLabel('Location').fill('Lisbon, Portugal');
  await page.getByRole('button', { name: 'Save' }).click();
  const summary = page.getByRole('region', { name: 'Profile summary' });
  await expect(summary.getByText('Platform engineer at Nuvem')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Marta L. Lopes' })).toBeVisible();

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
  await expect(page.getByRole('tabpanel').getByText(me.email)).toBeVisible();
});

test('the header shows the new name at once after the owner saves it', async ({ page, login }) => {
  // The page asks the session again after the save, and the server drops its cached sessions.
  await login({ displayName: 'Nuno Reis' });
  await page.goto('/profile/me');
  await expect(await openUserMenu(page)).toContainText('Nuno Reis');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Display name').fill('Nuno M. Reis');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuno M. Reis' })).toBeVisible();
  // No reload, no waiting for the next session check: the save refreshed the header's user.
  await expect(await openUserMenu(page)).toContainText('Nuno M. Reis', { timeout: 3_000 });
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

test('the own profile falls back to the signed-in user, inventing no figures, when the profile service fails', async ({
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
  await expect(page.getByText(/\d connections?$/)).toHaveCount(0);
  await expect(page.getByText(/\d followers?$/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Profile views (last 30 days)' })).toHaveCount(0);
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

test('a user posts; another user likes and comments; the author sees the real counts', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  // Two users, two browsers, a dozen round trips: more than one page's share of the time.
  test.slow();
  const author = await login({ displayName: 'Clara Mendes' });
  await page.goto('/profile/me');
  await expect(page.getByRole('heading', { name: 'Share your first update' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'What would you like to share?' })
    .fill('Our migration notes are up: https://example.com/notes');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const mine = page.getByRole('article', { name: 'Post by Clara Mendes' });
  await expect(mine).toContainText('Our migration notes are up');
  await expect(mine.getByRole('link', { name: 'https://example.com/notes' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow ugc',
  );
  await expect(mine.getByText('0 likes', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Share your first update' })).toHaveCount(0);

  const visitor = await secondUser(browser, baseURL ?? '', 'Duarte Neves');
  const p = visitor.page;
  await p.goto(`/profile/${author.id}`);
  const post = p.getByRole('article', { name: 'Post by Clara Mendes' });
  await expect(post).toContainText('Our migration notes are up');
  await expect(post.getByRole('button', { name: 'Delete post' })).toHaveCount(0);
  await post.getByRole('button', { name: 'Like' }).click();
  await expect(post.getByText('1 like', { exact: true })).toBeVisible();
  await expect(post.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  await post.getByRole('button', { name: 'Comments' }).click();
  await post.getByRole('textbox', { name: 'Write a comment' }).fill('Great write-up!');
  await post.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(post.getByText('Great write-up!')).toBeVisible();
  await expect(post.getByText('1 comment', { exact: true })).toBeVisible();
  await visitor.context.close();

  // The author sees what really happened: one like, one comment, one impression (the visitor's).
  await page.reload();
  await expect(mine.getByText('1 like', { exact: true })).toBeVisible();
  await expect(mine.getByText('1 comment', { exact: true })).toBeVisible();
  await expect(mine.getByText('1 impression', { exact: true })).toBeVisible();
  const activity = page.getByRole('region', { name: 'Post activity' });
  for (const [label, value] of [
    ['Posts', '1'],
    ['Likes received', '1'],
    ['Comments received', '1'],
    ['Post impressions', '1'],
  ] as const) {
    await expect(activity.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      value,
    );
  }
  // No invented content anywhere on the page.
  await expect(page.getByText(/sample|trending|this month/i)).toHaveCount(0);
});

test.describe('in European Portuguese', () => {
  test.use({ locale: 'pt-PT' });

  test('reaches the profile from Perfil and reads it in Portuguese', async ({ page, login }) => {
    await login({ displayName: 'Beatriz Sousa' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu do utilizador' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Beatriz Sousa' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Atividade' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Partilhe a sua primeira atualização' })).toBeVisible();
    await expect(page.getByText('0 ligações')).toBeVisible();
    await page.getByRole('textbox', { name: 'O que gostaria de partilhar?' }).fill('Olá a todos');
    await page.getByRole('button', { name: 'Publicar' }).click();
    await expect(page.getByRole('article', { name: 'Publicação de Beatriz Sousa' })).toContainText('0 gostos');
  });
});
