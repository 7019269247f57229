import type { APIRequestContext, Page } from '@playwright/test';
import { applications as applicationsEn } from '../../apps/web/src/features/applications/i18n/en';
import { applications as applicationsPt } from '../../apps/web/src/features/applications/i18n/pt-PT';
import { auth as authEn } from '../../apps/web/src/features/auth/i18n/en';
import { auth as authPt } from '../../apps/web/src/features/auth/i18n/pt-PT';
import { containers as containersEn } from '../../apps/web/src/features/containers/i18n/en';
import { containers as containersPt } from '../../apps/web/src/features/containers/i18n/pt-PT';
import { shell as shellEn } from '../../apps/web/src/features/shell/i18n/en';
import { shell as shellPt } from '../../apps/web/src/features/shell/i18n/pt-PT';
import { common as commonEn } from '../../apps/web/src/lib/i18n/common.en';
import { common as commonPt } from '../../apps/web/src/lib/i18n/common.pt-PT';
import { appReady, expect, test, uniqueEmail } from '../fixtures';

// A new user, from the home page to a running container and an API key, by clicking only: no
// address typed after the first, no API call made for them. Once in English and once in European
// Portuguese (the browser's language), with the texts read from the portal's own catalogue, so a
// text missing in either language shows up here as a step the user cannot find.

const catalogues = {
  en: { common: commonEn, shell: shellEn, auth: authEn, applications: applicationsEn, containers: containersEn },
  'pt-PT': { common: commonPt, shell: shellPt, auth: authPt, applications: applicationsPt, containers: containersPt },
};
type Language = keyof typeof catalogues;

/** The catalogue's text at `key` in the language, with its {{placeholders}} filled in. */
function text(
  language: Language,
  ns: keyof (typeof catalogues)['en'],
  key: string,
  values: Record<string, string> = {},
) {
  let node: unknown = catalogues[language][ns];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no message ${ns}:${key} in ${language}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

async function walk(page: Page, request: APIRequestContext, language: Language, mobile: boolean) {
  const t = (ns: keyof (typeof catalogues)['en'], key: string, values?: Record<string, string>) =>
    text(language, ns, key, values);
  const email = uniqueEmail('newcomer');

  // Home, in the browser's language.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', language);

  // Register from the header's sign-in.
  await page.getByRole('button', { name: t('common', 'actions.signIn'), exact: true }).click();
  await page.waitForURL(/\/login/);
  await appReady(page);
  await page.getByRole('button', { name: t('auth', 'form.switchToRegister') }).click();
  const register = page.getByRole('form', { name: t('auth', 'form.registerLabel') });
  await register.getByLabel(t('auth', 'form.displayName')).fill('Leonor Vaz');
  await register.getByLabel(t('auth', 'form.email')).fill(email);
  await register.getByLabel(t('auth', 'form.password'), { exact: true }).fill('a long passphrase');
  await register.getByRole('button', { name: t('auth', 'form.submitRegister') }).click();
  await expect(page.getByRole('button', { name: t('shell', 'userMenu.label') })).toBeVisible();

  // To the developer dashboard: the header's link on a wide screen, the user menu on a phone.
  if (mobile) {
    await page.getByRole('button', { name: t('shell', 'userMenu.label') }).click();
    await page.getByRole('menuitem', { name: t('shell', 'userMenu.developerDashboard') }).click();
  } else {
    await page
      .getByRole('navigation', { name: t('shell', 'header.mainNav') })
      .getByRole('link', { name: t('shell', 'header.developer') })
      .click();
  }
  await expect(page).toHaveURL(/\/developer/);
  await expect(page.getByRole('heading', { level: 1, name: t('applications', 'page.title') })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: t('applications', 'dashboard.tabList') });

  // A container, through the wizard, until it runs.
  await tabs.getByRole('tab', { name: t('applications', 'dashboard.tabs.containers') }).click();
  await page.getByRole('button', { name: t('containers', 'dashboard.newContainer') }).click();
  const wizard = page.getByRole('dialog', { name: t('containers', 'wizard.title') });
  await wizard.getByRole('textbox', { name: t('containers', 'wizard.name.label') }).fill('first-box');
  await wizard.getByText(t('containers', 'templates.nodejs-18')).click();
  await wizard.getByRole('button', { name: t('containers', 'wizard.next') }).click();
  await wizard.getByRole('button', { name: t('containers', 'wizard.next') }).click();
  await wizard.getByRole('button', { name: t('containers', 'wizard.create') }).click();
  await expect(wizard).toBeHidden({ timeout: 20_000 });
  await page
    .getByRole('tablist', { name: t('containers', 'dashboard.tabsLabel') })
    .getByRole('tab', { name: t('containers', 'dashboard.tabs.containers') })
    .click();
  const row = page
    .getByRole('list', { name: t('containers', 'list.label') })
    .getByRole('listitem')
    .filter({ hasText: 'first-box' });
  await expect(row).toContainText(t('containers', 'status.running'), { timeout: 20_000 });

  // An application, then an API key for it, shown once.
  await tabs.getByRole('tab', { name: t('applications', 'dashboard.tabs.applications') }).click();
  await page
    .getByRole('button', { name: t('applications', 'createApplication.open') })
    .first()
    .click();
  const create = page.getByRole('dialog', { name: t('applications', 'createApplication.title') });
  await create.getByLabel(t('applications', 'applicationForm.name')).fill('My first app');
  await create.getByRole('button', { name: t('applications', 'createApplication.submit'), exact: true }).click();
  const secret = page.getByRole('dialog', { name: t('applications', 'secretDialog.createdTitle') });
  await secret.getByRole('button', { name: t('applications', 'secretDialog.done') }).click();
  await expect(secret).toBeHidden();

  await tabs.getByRole('tab', { name: t('applications', 'dashboard.tabs.apiKeys') }).click();
  await page
    .getByRole('button', { name: t('applications', 'apiKeys.generate') })
    .first()
    .click();
  const generate = page.getByRole('dialog', { name: t('applications', 'generateKey.title') });
  await generate.getByLabel(t('applications', 'generateKey.name')).fill('laptop');
  await generate.getByRole('button', { name: t('applications', 'generateKey.submit'), exact: true }).click();
  const shown = page.getByRole('dialog', { name: t('applications', 'keyCreated.title') });
  const key = shown.getByLabel(t('applications', 'keyCreated.field'));
  await expect(key).toHaveValue(/^nuv_[0-9A-Za-z]{40}$/);
  const value = await key.inputValue();
  await shown.getByRole('button', { name: t('applications', 'keyCreated.done') }).click();
  await expect(shown).toBeHidden();

  // The key really works, from a program without the browser's cookies: it lists the container.
  const listed = await request.get('/api/v1/containers', {
    headers: { authorization: `Bearer ${value}` },
  });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toMatchObject({ containers: [expect.objectContaining({ name: 'first-box' })] });
}

test('a new user goes from the home page to a running container and an API key, in English @mobile', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await walk(page, request, 'en', testInfo.project.name === 'mobile');
});

test.describe('in European Portuguese', () => {
  test.use({ locale: 'pt-PT' });

  test('um novo utilizador vai da página inicial a um contentor em execução e a uma chave de API', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await walk(page, request, 'pt-PT', testInfo.project.name === 'mobile');
  });
});
