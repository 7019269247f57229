import { expect, test } from '../fixtures';

// The developer dashboard: applications, API keys that really authenticate the platform API.

test('an application and a key shown once; the key calls the container API until it is revoked', async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  await login();
  await page.goto('/developer');
  const tabs = page.getByRole('tablist', { name: 'Developer dashboard' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Overview',
    'Applications',
    'API Keys',
    'Analytics',
    'Containers',
    'Settings',
  ]);
  // A new user's overview makes no 'Enterprise' security claim (issue 35): its figures are its own.
  const overview = page.getByLabel('Developer summary');
  await expect(overview.getByText('Applications', { exact: true })).toBeVisible();
  await expect(overview).not.toContainText('Enterprise');

  // Create an application: comma-separated lists, trimmed, empty entries dropped.
  await tabs.getByRole('tab', { name: 'Applications' }).click();
  await expect(page).toHaveURL(/\?tab=applications$/);
  await page.getByRole('button', { name: 'Create Application' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Application' });
  await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
  await create.getByLabel('Application Name').fill('Billing Service');
  await create.getByLabel('Redirect URIs').fill(' https://billing.example.com/callback , ,http://localhost:4000/cb ');
  await create.getByLabel('Allowed Origins').fill('https://billing.example.com,');
  const posted = page.waitForRequest((r) => r.url().endsWith('/applications') && r.method() === 'POST');
  await create.getByRole('button', { name: 'Create' }).click();
  expect((await posted).postDataJSON()).toEqual({
    name: 'Billing Service',
    redirectUris: ['https://billing.example.com/callback', 'http://localhost:4000/cb'],
    allowedOrigins: ['https://billing.example.com'],
  });

  // The client secret, once.
  const secretDialog = page.getByRole('dialog', { name: 'Application Created' });
  await expect(secretDialog.getByRole('textbox', { name: 'Client Secret' })).toHaveValue(/^nuvs_/);
  await secretDialog.getByRole('button', { name: "I've Saved the Secret" }).click();
  await expect(secretDialog).toBeHidden();
  const card = page.getByRole('article').filter({ hasText: 'Billing Service' });
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card).not.toContainText('nuvs_');

  // Generate a key: shown once, in full.
  await tabs.getByRole('tab', { name: 'API Keys' }).click();
  await page.getByRole('button', { name: 'Generate API Key' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate New API Key' });
  await generate.getByLabel('Key Name').fill('CI pipeline');
  await generate.getByLabel('Expires in (days)').fill('thirty');
  const keyPosted = page.waitForRequest((r) => /\/applications\/[^/]+\/keys$/.test(r.url()) && r.method() === 'POST');
  await generate.getByRole('button', { name: 'Generate' }).click();
  expect((await keyPosted).postDataJSON()).toMatchObject({ name: 'CI pipeline', expiresIn: 365 });
  const shown = page.getByRole('dialog', { name: 'API Key Created Successfully' });
  const keyField = shown.getByLabel('API key');
  await expect(keyField).toHaveValue(/^nuv_[0-9A-Za-z]{40}$/);
  const key = await keyField.inputValue();
  await shown.getByRole('button', { name: "I've Saved the Key" }).click();
  await expect(shown).toBeHidden();
  const row = page.getByRole('listitem', { name: 'CI pipeline' });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).not.toContainText(key);

  // A program (no cookies) calls the platform API with the key.
  const program = await playwright.request.newContext({ baseURL });
  const ok = await program.get('/api/v1/containers', { headers: { authorization: `Bearer ${key}` } });
  expect(ok.status()).toBe(200);
  expect(ok.headers()['ratelimit-limit']).toBe('60');
  expect(await ok.json()).toMatchObject({ success: true, containers: [], total: 0 });

  // The quick start shows the chosen key's prefix; the figures say which application they cover.
  await tabs.getByRole('tab', { name: 'Overview' }).click();
  const summary = page.getByLabel('Developer summary');
  await expect(summary.getByText('API requests — Billing Service')).toBeVisible();
  await expect(summary.getByText('Active API keys — Billing Service')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quick start' })).toContainText(
    `Authorization: Bearer ${key.slice(0, 12)}…`,
  );

  // Revoke: the spec's confirmation, then the key no longer works.
  await tabs.getByRole('tab', { name: 'API Keys' }).click();
  await row.getByRole('button', { name: 'Revoke CI pipeline' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke CI pipeline?' });
  await expect(confirm).toContainText('Are you sure you want to revoke this API key? This action cannot be undone.');
  await confirm.getByLabel('Reason').fill('leaked in a log');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('switch', { name: 'Show revoked' }).click();
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Revoke|Rotate|Copy prefix/ })).toHaveCount(0);

  const refused = await program.get('/api/v1/containers', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'API_KEY_REVOKED' });
  await program.dispose();
});

test('rotating a key revokes the old one and shows the new one once', async ({ page, login, playwright, baseURL }) => {
  await login();
  const created = await page.request.post('/applications', {
    data: { name: 'Rotation App' },
    headers: { origin: baseURL ?? '' },
  });
  expect(created.status()).toBe(201);
  const { application } = (await created.json()) as { application: { id: string } };
  const issued = await page.request.post(`/applications/${application.id}/keys`, {
    data: { name: 'deploy bot', scopes: ['read'] },
    headers: { origin: baseURL ?? '' },
  });
  const oldKey = ((await issued.json()) as { apiKey: { key: string } }).apiKey.key;

  await page.goto('/developer?tab=api-keys');
  const row = page.getByRole('listitem', { name: 'deploy bot' });
  await row.getByRole('button', { name: 'Rotate deploy bot' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Rotate deploy bot?' });
  await expect(confirm).toContainText('Are you sure you want to rotate this API key? The old key will be revoked.');
  await confirm.getByRole('button', { name: 'Rotate key' }).click();
  const shown = page.getByRole('dialog', { name: 'API Key Created Successfully' });
  const newKey = await shown.getByLabel('API key').inputValue();
  expect(newKey).toMatch(/^nuv_/);
  expect(newKey).not.toBe(oldKey);
  await shown.getByRole('button', { name: "I've Saved the Key" }).click();

  const program = await playwright.request.newContext({ baseURL });
  const call = (key: string, method: 'get' | 'post' = 'get') =>
    program[method]('/api/v1/containers', {
      headers: { authorization: `Bearer ${key}` },
      ...(method === 'post' ? { data: { name: 'from-key' } } : {}),
    });
  expect((await call(oldKey)).status()).toBe(401);
  expect((await call(newKey)).status()).toBe(200);
  // Same scopes as before: read only, so a change is refused.
  expect((await call(newKey, 'post')).status()).toBe(403);
  await program.dispose();
});

test.describe('in European Portuguese', () => {
  test.use({ locale: 'pt-PT' });

  test('a key is generated and shown once, all in Portuguese', async ({ page, login, baseURL }) => {
    await login();
    const created = await page.request.post('/applications', {
      data: { name: 'Loja' },
      headers: { origin: baseURL ?? '' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/developer');
    const tabs = page.getByRole('tablist', { name: 'Painel de programador' });
    await expect(tabs.getByRole('tab')).toHaveText([
      'Visão geral',
      'Aplicações',
      'Chaves de API',
      'Análise',
      'Contentores',
      'Definições',
    ]);
    await expect(page.getByText('Pedidos à API — Loja')).toBeVisible();

    await tabs.getByRole('tab', { name: 'Chaves de API' }).click();
    await page.getByRole('button', { name: 'Gerar chave de API' }).click();
    const generate = page.getByRole('dialog', { name: 'Gerar nova chave de API' });
    await generate.getByLabel('Expira em (dias)').fill('0');
    await expect(generate.getByText('Escolha entre 1 e 3650 dias.')).toBeVisible();
    await generate.getByLabel('Expira em (dias)').fill('30');
    await generate.getByLabel('Nome da chave').fill('Implementação');
    await generate.getByRole('button', { name: 'Gerar' }).click();
    const shown = page.getByRole('dialog', { name: 'Chave de API criada com sucesso' });
    await expect(shown.getByLabel('Chave de API')).toHaveValue(/^nuv_/);
    await shown.getByRole('button', { name: 'Já guardei a chave' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByRole('listitem', { name: 'Implementação' })).toContainText('0 pedidos');
  });
});

test('a signed-out visitor is asked to sign in', async ({ page }) => {
  await page.goto('/developer?tab=api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeVisible();
});

test('a signed-in user reaches the developer dashboard from the home page by clicking, and gets back @mobile', async ({
  page,
  login,
  isMobile,
}) => {
  await login();
  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Developer dashboard' }).click();
  await expect(page).toHaveURL(/\/developer$/);
  await expect(page.getByRole('tablist', { name: 'Developer dashboard' })).toBeVisible();

  await page.getByRole('link', { name: 'Nuvem' }).click();
  await expect(page).toHaveURL(/\/$/);
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' });
  await nav.getByRole('link', { name: 'Developer', exact: true }).click();
  await expect(page.getByRole('tablist', { name: 'Developer dashboard' })).toBeVisible();
});
