import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../fixtures';
import { linkIn, waitForMail } from '../mail';

// Issue 34: an organisation shared by an owner, a developer and a viewer, each in their own browser.

const password = 'a long passphrase';

interface Member {
  email: string;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors of this person's page (the fixture watches only the owner's). */
  errors: string[];
}

/**
 * Another person in their own browser: a fresh context (the project's viewport and reduced motion,
 * which a bare `browser.newContext()` does not take), signed up and signed in through the API as the
 * `login` fixture does, with the verified address that accepting an invitation needs.
 */
async function signUpElsewhere(browser: Browser, baseURL: string, displayName: string): Promise<Member> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  const email = uniqueEmail(displayName.toLowerCase());
  const registered = await context.request.post('/auth/register', {
    data: { email, password, displayName },
    headers: { origin: baseURL },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail({ to: email, subject: /^(Verify your e-mail|Verifique o seu endereço)/ });
  const token = new URL(linkIn(mail.text, '/verify-email') ?? '').searchParams.get('token');
  const verified = await context.request.post('/auth/email/verify', { data: { token }, headers: { origin: baseURL } });
  expect(verified.status(), await verified.text()).toBe(200);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { email, context, page, errors };
}

/** Opens the mailed invitation link in the invitee's browser and accepts it. */
async function acceptInvitation(member: Member, organisation: string, role: string) {
  const mail = await waitForMail({ to: member.email, subject: /Invitation to|Convite/ });
  const link = linkIn(mail.text, '/invitations/accept');
  expect(link, mail.text).toBeTruthy();
  await member.page.goto(link ?? '');
  const page = member.page;
  // What is accepted is shown first: the organisation and the role.
  await expect(page.getByRole('definition').filter({ hasText: organisation })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: `As ${role}:` })).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  // Accepted: the portal acts in the organisation at once, with the role given.
  await expect(page.getByRole('button', { name: `Workspace: ${organisation} (${role})` })).toBeVisible();
}

function switcher(page: Page) {
  return page.getByRole('button', { name: /^Workspace: / });
}

async function openContainers(page: Page) {
  await page.goto('/developer?tab=containers');
  await expect(page.getByRole('heading', { level: 2, name: 'Containers' })).toBeVisible();
  await page.getByRole('tablist', { name: 'Container dashboard' }).getByRole('tab', { name: 'Container list' }).click();
}

function containerRow(page: Page, name: string) {
  return page.getByRole('list', { name: 'Containers' }).getByRole('listitem').filter({ hasText: name });
}

test('an owner invites a developer and a viewer: the developer creates a container the owner sees live, the viewer cannot delete it; the owner deletes the organisation', async ({
  page,
  browser,
  login,
  baseURL,
  allowConsoleError,
}) => {
  // Three browsers, two invitations by mail and a container provisioned: more than the default 60 s
  // on a busy 2-core machine.
  test.slow();
  const origin = baseURL ?? '';
  const organisation = `Acme ${uniqueEmail('org').slice(4, 12)}`;
  await login({ verified: true, displayName: 'Olga Owner' });
  const [developer, viewer] = await Promise.all([
    signUpElsewhere(browser, origin, 'Dev'),
    signUpElsewhere(browser, origin, 'Vic'),
  ]);

  // The owner creates the organisation from the header's switcher and acts in it at once.
  await page.goto('/developer?tab=containers');
  await expect(switcher(page)).toHaveAccessibleName('Workspace: Personal workspace (Owner)');
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Create organisation' }).click();
  const create = page.getByRole('dialog', { name: 'Create an organisation' });
  await create.getByRole('textbox', { name: 'Organisation name' }).fill(organisation);
  await create.getByRole('button', { name: 'Create organisation' }).click();
  await expect(switcher(page)).toHaveAccessibleName(`Workspace: ${organisation} (Owner)`);
  await expect(page).toHaveURL(/[?&]org=wsp_/);
  const organisationId = new URL(page.url()).searchParams.get('org') ?? '';

  // Its settings: invite a developer (the default role) and a viewer by e-mail.
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Organisation settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: organisation })).toBeVisible();
  await page.getByRole('tab', { name: 'Invitations' }).click();
  const invite = page.getByRole('form', { name: 'Invite someone' });
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await invite.getByRole('textbox', { name: 'E-mail address' }).fill(developer.email);
  await expect(invite.getByRole('combobox', { name: 'Role' })).toHaveText('Developer');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(pending.getByRole('row').filter({ hasText: developer.email })).toContainText('Developer');
  await invite.getByRole('textbox', { name: 'E-mail address' }).fill(viewer.email);
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(pending.getByRole('row').filter({ hasText: viewer.email })).toContainText('Viewer');

  // Each accepts through the mailed link, in their own browser.
  await acceptInvitation(developer, organisation, 'Developer');
  await acceptInvitation(viewer, organisation, 'Viewer');

  // The owner watches the organisation's container dashboard, still empty.
  await openContainers(page);
  await expect(switcher(page)).toHaveAccessibleName(`Workspace: ${organisation} (Owner)`);
  await expect(page.getByRole('heading', { name: 'No Containers Yet' })).toBeVisible();

  // The developer creates a container in the organisation.
  const dev = developer.page;
  await openContainers(dev);
  await expect(switcher(dev)).toHaveAccessibleName(`Workspace: ${organisation} (Developer)`);
  await dev.getByRole('button', { name: 'New Container' }).first().click();
  const wizard = dev.getByRole('dialog', { name: 'Create New Container' });
  await wizard.getByRole('textbox', { name: 'Container Name' }).fill('team-api');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Create Container' }).click();
  await expect(containerRow(dev, 'team-api')).toContainText('running');

  // The owner's page shows it by itself (the list's own poll is every 30 s: this is the stream).
  await expect(containerRow(page, 'team-api')).toContainText('running');

  // The viewer sees it, with no way to create or delete.
  const view = viewer.page;
  await openContainers(view);
  await expect(switcher(view)).toHaveAccessibleName(`Workspace: ${organisation} (Viewer)`);
  await expect(containerRow(view, 'team-api')).toContainText('running');
  await expect(view.getByRole('button', { name: 'New Container' })).toHaveCount(0);
  await view.getByRole('button', { name: 'Actions for team-api' }).click();
  const menu = view.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Copy SSH command' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await view.keyboard.press('Escape');

  // And the server refuses the viewer's delete anyway (their own session, in the organisation).
  const listed = await developer.context.request.get('/api/v1/containers', {
    headers: { 'nuvem-organization': organisationId },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const { containers } = (await listed.json()) as { containers: { id: string; name: string }[] };
  const container = containers.find((c) => c.name === 'team-api');
  expect(container).toBeDefined();
  const refused = await viewer.context.request.delete(`/api/v1/containers/${container?.id ?? ''}`, {
    headers: { origin, 'nuvem-organization': organisationId },
  });
  expect(refused.status(), await refused.text()).toBe(403);
  expect(((await refused.json()) as { code?: string }).code).toBe('FORBIDDEN');

  // The audit log names the developer as the one who created it.
  await page.goto(`/organisations/${organisationId}?tab=audit`);
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  const created = log.getByRole('row').filter({ hasText: 'Container created' });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText(developer.email);
  await expect(created).toContainText('team-api');
  await expect(log.getByRole('row').filter({ hasText: 'Member joined' })).toHaveCount(2);

  // The owner's danger zone: refused while the organisation holds a container, then deleted.
  await page.goto(`/organisations/${organisationId}`);
  await page.getByRole('button', { name: 'Delete organisation…' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${organisation}?` });
  await confirm.getByRole('textbox', { name: /Type the organisation's name/ }).fill(organisation);
  await confirm.getByRole('button', { name: 'Delete organisation' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(
    'Delete its containers and cancel its paid plan before deleting the organisation.',
  );
  const inOrganisation = { origin, 'nuvem-organization': organisationId };
  const removed = await page.request.delete(`/api/v1/containers/${container?.id ?? ''}`, { headers: inOrganisation });
  expect(removed.ok(), await removed.text()).toBe(true);
  await expect
    .poll(async () => {
      const left = await page.request.get('/api/v1/containers', { headers: inOrganisation });
      return ((await left.json()) as { containers: unknown[] }).containers.length;
    })
    .toBe(0);
  // The members' pages drop it live too (before the organisation goes, so that their refresh is no 404).
  await expect(containerRow(dev, 'team-api')).toHaveCount(0);
  await expect(containerRow(view, 'team-api')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Delete organisation' }).click();
  // The members' open pages leave the deleted organisation by themselves and say why (their event
  // stream tells them), calling it no more: no 404 in their consoles below. Watched meanwhile: the
  // toast leaves after a few seconds.
  const membersLeft = Promise.all(
    [dev, view].map(async (member) => {
      const told = member.locator('[data-sonner-toast]').filter({ hasText: `${organisation} was deleted by an owner` });
      await expect(told).toBeVisible();
      await expect(switcher(member)).toHaveAccessibleName('Workspace: Personal workspace (Owner)');
      await expect(member).not.toHaveURL(/[?&]org=/);
    }),
  );
  // The toast says so at once, before the home screen has loaded (it leaves after a few seconds,
  // so it is read before anything else: the way home can take longer than that on a busy machine).
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts.filter({ hasText: `${organisation} was deleted.` })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(switcher(page)).toHaveAccessibleName('Workspace: Personal workspace (Owner)');
  await switcher(page).click();
  await expect(page.getByRole('menuitemradio', { name: new RegExp(organisation) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The list was asked for again only once the portal had left it: no "not one of yours".
  await expect(toasts.filter({ hasText: 'not one of yours' })).toHaveCount(0);
  // The refused delete is a 409 the browser logs.
  allowConsoleError(/409 \(Conflict\)/);
  await membersLeft;

  expect(developer.errors, "console errors on the developer's page").toEqual([]);
  expect(viewer.errors, "console errors on the viewer's page").toEqual([]);
  await Promise.all([developer.context.close(), viewer.context.close()]);
});
