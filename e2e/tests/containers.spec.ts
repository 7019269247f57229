import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// The e2e server runs the demo driver (CONTAINER_DRIVER=demo) and samples metrics every second.

interface CreatedContainer {
  id: string;
  name: string;
  ssh_command: string;
  ip_address: string | null;
}

/** Creates a container through the API (202: the job provisions it) and waits until it runs. */
async function createContainer(request: APIRequestContext, baseURL: string, name: string, tier = 'small') {
  const res = await request.post('/api/v1/containers', { data: { name, tier }, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(202);
  const { id } = ((await res.json()) as { container: CreatedContainer & { status: string } }).container;
  let current: CreatedContainer & { status: string } = { id, name, ssh_command: '', ip_address: null, status: '' };
  await expect
    .poll(async () => {
      const got = await request.get(`/api/v1/containers/${id}`);
      current = ((await got.json()) as { container: typeof current }).container;
      return current.status;
    })
    .toBe('running');
  return current;
}

async function openDashboard(page: Page, tab?: 'Container list' | 'Metrics' | 'Defaults') {
  // The container dashboard is the developer dashboard's Containers tab.
  await page.goto('/developer?tab=containers');
  await expect(page.getByRole('heading', { level: 2, name: 'Containers' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Demo mode' })).toBeVisible();
  if (tab) await containerTab(page, tab).click();
}

function containerTab(page: Page, name: string) {
  return page.getByRole('tablist', { name: 'Container dashboard' }).getByRole('tab', { name });
}

async function toastSays(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

test('a signed-out visitor is asked to sign in and comes back to the dashboard', async ({ page }) => {
  await page.goto('/developer');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdeveloper$/);
});

test('the wizard creates a container with a generated key, templates and a password @mobile', async ({
  page,
  login,
}) => {
  await login();
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'No Containers Yet' })).toBeVisible();

  await page.getByRole('button', { name: 'New Container' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Container' });
  await expect(wizard).toBeVisible();
  await expect(wizard.getByText('Step 1 of 3: Name & template')).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Sanitised as typed: lower-cased, anything but a-z, 0-9 and '-' dropped.
  const name = wizard.getByRole('textbox', { name: 'Container Name' });
  await name.pressSequentially('Web App_1!');
  await expect(name).toHaveValue('webapp1');
  // The rule is shown before anything is wrong.
  await expect(wizard.getByText('Lowercase letters, numbers, and hyphens only')).toBeVisible();
  // The cards are labels of visually hidden native radios: a user clicks the card.
  await wizard.getByText('Node.js 18 with npm').click();
  await expect(wizard.getByRole('radio', { name: 'Node.js 18' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByText('Step 2 of 3: Resources')).toBeVisible();
  await wizard.getByText('Medium', { exact: true }).click();
  await expect(wizard.getByRole('radio', { name: /Medium/ })).toBeChecked();
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(name).toHaveValue('webapp1');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('radio', { name: /Medium/ })).toBeChecked();
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Step 3: an Ed25519 pair made in the browser; the private key is offered as a download.
  await expect(wizard.getByText('Step 3 of 3: Access & setup')).toBeVisible();
  await wizard.getByRole('button', { name: 'Generate SSH Key' }).click();
  await expect(wizard.getByRole('textbox', { name: 'SSH Public Keys' })).toHaveValue(
    /^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5/,
  );
  const downloading = page.waitForEvent('download');
  await wizard.getByRole('link', { name: 'Download Private Key' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('id_ed25519_webapp1');
  const privateKey = await readFile(await download.path(), 'utf8');
  expect(privateKey).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----\n[\s\S]+\n-----END OPENSSH PRIVATE KEY-----\n$/);

  await wizard.getByRole('combobox', { name: 'Environment template' }).selectOption({ label: 'Node.js app' });
  await expect(wizard.getByRole('textbox', { name: 'Environment Variables' })).toHaveValue(/NODE_ENV=/);
  await wizard.getByRole('combobox', { name: 'Startup script template' }).selectOption({ label: 'Nginx web server' });
  await expect(wizard.getByRole('textbox', { name: 'Startup Script' })).toHaveValue(/nginx/);
  await wizard.getByRole('button', { name: 'Generate password' }).click();
  await expect(wizard.getByLabel('Root Password')).toHaveValue(/^.{16}$/);

  const summary = wizard.getByRole('region', { name: 'Configuration Summary' });
  await expect(summary).toContainText('webapp1');
  await expect(summary).toContainText('Node.js 18');
  await expect(summary).toContainText('$10/month');

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/containers') && r.request().method() === 'POST',
  );
  await wizard.getByRole('button', { name: 'Create Container' }).click();
  const body = (await (await created).request().postDataJSON()) as Record<string, unknown>;
  expect(body).toMatchObject({ name: 'webapp1', tier: 'medium', template_id: 'nodejs-18' });
  expect(body.ssh_keys).toEqual([expect.stringMatching(/^ssh-ed25519 /)]);
  expect(body.environment).toMatchObject({ NODE_ENV: expect.any(String) });
  expect(body.root_password).toMatch(/^.{16}$/);

  // Provisioning runs in the background; the page hears from the stream when it is done.
  await toastSays(page, 'Creating webapp1. You can carry on: it shows as running in the list as soon as it is ready.');
  // The container's own address (the demo driver's 198.18.0.x), never the portal's host.
  await toastSays(page, /Container webapp1 is ready\. Connect with: ssh root@198\.18\.0\.\d/);
  await expect(wizard).toBeHidden();
  await containerTab(page, 'Container list').click();
  const row = page.getByRole('list', { name: 'Containers' }).getByRole('listitem').filter({ hasText: 'webapp1' });
  await expect(row).toContainText('running');
  await expect(row).toContainText(/medium/i);
});

test('a container created in one tab appears and turns running in another at once, without polling', async ({
  page,
  context,
  login,
}) => {
  await login();
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'No Containers Yet' })).toBeVisible();
  // The list polls every 30 s; the stream is what brings the change within seconds.
  const other = await context.newPage();
  await other.goto('/developer?tab=containers');
  await expect(other.getByRole('heading', { name: 'No Containers Yet' })).toBeVisible();
  await other.getByRole('button', { name: 'New Container' }).click();
  const wizard = other.getByRole('dialog', { name: 'Create New Container' });
  await wizard.getByRole('textbox', { name: 'Container Name' }).fill('live-one');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Create Container' }).click();

  // The first tab's figures change by themselves, well within the 30 s poll.
  const running = page.locator('div', { has: page.getByText('Running', { exact: true }) }).last();
  await expect(running).toContainText('1', { timeout: 8_000 });
  await containerTab(page, 'Container list').click();
  const row = page.getByRole('list', { name: 'Containers' }).getByRole('listitem').filter({ hasText: 'live-one' });
  await expect(row).toContainText('running');
  await expect(page.getByTitle('Live updates paused: reconnecting…')).toHaveCount(0);
  await other.close();
});

test('the header shows a dot while live updates are down, and it goes once they are back', async ({
  page,
  login,
  allowConsoleError,
}) => {
  await login();
  await page.route('**/api/realtime/events**', (route) => route.abort());
  await page.goto('/developer?tab=containers');
  const dot = page.getByTitle('Live updates paused: reconnecting…');
  await expect(dot).toBeVisible();
  await page.unroute('**/api/realtime/events**');
  // The client tries again after 5 s (the spec's delay).
  await expect(dot).toBeHidden({ timeout: 12_000 });
  // The refused stream is a network error the browser logs.
  allowConsoleError(/ERR_FAILED|realtime\/events/);
});

test('the demo banner says the containers are not real; the operator setting is in a tooltip', async ({
  page,
  login,
}) => {
  await login();
  await openDashboard(page);
  const banner = page.getByRole('note', { name: 'Demo mode' });
  await expect(banner).toContainText('These are demo containers');
  await expect(banner).toContainText('not real machines');
  await expect(banner).not.toContainText('CONTAINER_DRIVER');
  // Keyboard: focusing the button shows the tooltip; Escape hides it.
  await banner.getByRole('button', { name: 'For operators' }).focus();
  const tip = page.getByRole('tooltip');
  await expect(tip).toContainText('Set CONTAINER_DRIVER=lxd');
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
});

test('at 1280 px the list shows the address, template and SSH command in full', async ({ page, login, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login();
  const container = await createContainer(page.request, baseURL ?? '', 'wide-row', 'medium');
  await openDashboard(page, 'Container list');
  const row = page.getByRole('list', { name: 'Containers' }).getByRole('listitem').filter({ hasText: 'wide-row' });
  await expect(row).toContainText('running');
  const address = row.locator('[data-field="ip"]');
  await expect(address).toHaveText(container.ip_address ?? '');
  await expect(row.locator('[data-field="template"]')).toHaveText('Ubuntu 24.04');
  await expect(row.locator('[data-field="ssh"]')).toHaveText(container.ssh_command);
  for (const field of ['ip', 'template', 'ssh']) {
    const cell = row.locator(`[data-field="${field}"]`);
    const fit = await cell.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const card = el.closest('li')?.getBoundingClientRect();
      return {
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        right: box.right,
        cardRight: card?.right ?? 0,
      };
    });
    // Not cut off: the text needs no more width than its cell has, and the cell lies inside the row.
    expect(fit.scrollWidth, field).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.right, field).toBeLessThanOrEqual(fit.cardRight);
  }
});

test('the action menu stops, starts, snapshots, scales, copies and deletes @mobile', async ({
  page,
  login,
  baseURL,
  context,
}) => {
  // Many steps, each waiting on the server: on a busy 2-core CI machine more than the default 30 s.
  test.slow();
  await login();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const container = await createContainer(page.request, baseURL ?? '', 'api-server');
  await openDashboard(page, 'Container list');
  const row = page.getByRole('list', { name: 'Containers' }).getByRole('listitem').filter({ hasText: 'api-server' });
  await expect(row).toContainText('running');
  const menu = async () => {
    await page.getByRole('button', { name: 'Actions for api-server' }).click();
    return page.getByRole('menu');
  };

  // Running: Stop is offered, not Start; Restart always.
  let items = await menu();
  await expect(items.getByRole('menuitem', { name: 'Start', exact: true })).toHaveCount(0);
  await expect(items.getByRole('menuitem', { name: 'Restart' })).toBeVisible();
  await items.getByRole('menuitem', { name: 'Stop' }).click();
  await toastSays(page, 'Container stop completed successfully');
  await expect(row).toContainText('stopped');

  items = await menu();
  await items.getByRole('menuitem', { name: 'Start', exact: true }).click();
  await toastSays(page, 'Container start completed successfully');
  await expect(row).toContainText('running');

  items = await menu();
  await items.getByRole('menuitem', { name: 'Snapshot' }).click();
  const snapshot = page.getByRole('dialog', { name: 'Create Snapshot' });
  await snapshot.getByRole('textbox', { name: 'Snapshot name (optional)' }).fill('before-upgrade');
  await snapshot.getByRole('button', { name: 'Create Snapshot' }).click();
  await toastSays(page, 'Container snapshot completed successfully');

  // Scale: the button waits for a different tier.
  items = await menu();
  await items.getByRole('menuitem', { name: 'Scale' }).click();
  const scale = page.getByRole('dialog', { name: 'Scale Container' });
  await expect(scale.getByRole('button', { name: 'Scale' })).toBeDisabled();
  await scale.getByRole('combobox', { name: 'Tier' }).click();
  await page.getByRole('option', { name: /^Large/ }).click();
  await scale.getByRole('button', { name: 'Scale' }).click();
  await toastSays(page, 'Container scale completed successfully');
  await expect(row).toContainText(/large/i);

  items = await menu();
  await items.getByRole('menuitem', { name: 'Copy SSH command' }).click();
  await toastSays(page, 'Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(container.ssh_command);

  // Logs open in a new tab at /containers/{id}/logs.
  items = await menu();
  const popup = page.waitForEvent('popup');
  await items.getByRole('menuitem', { name: 'Open logs' }).click();
  const logs = await popup;
  await expect(logs).toHaveURL(new RegExp(`/containers/${container.id}/logs$`));
  await expect(logs.getByRole('log', { name: 'Container logs' })).toContainText('system booted');
  await logs.close();

  items = await menu();
  await items.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete container api-server?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toastSays(page, 'Container deleted successfully');
  await expect(page.getByRole('heading', { name: 'No Containers Yet' })).toBeVisible();
  const gone = await page.request.get(`/api/v1/containers/${container.id}`);
  expect(gone.status()).toBe(404);
});

test('the metrics tab shows the fleet, then one container with charts over a range', async ({
  page,
  login,
  baseURL,
}) => {
  // Many steps, each waiting on the server: on a busy 2-core CI machine more than the default 30 s.
  test.slow();
  await login();
  await createContainer(page.request, baseURL ?? '', 'metrics-a');
  await createContainer(page.request, baseURL ?? '', 'metrics-b', 'large');
  await openDashboard(page, 'Metrics');

  await expect(page.getByText('Real-time')).toBeVisible();
  await expect(page.getByText('Alerts trigger when CPU > 80%, Memory > 90%, or Disk > 85%')).toBeVisible();
  const table = page.getByRole('table', { name: 'Metrics per container' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: 'metrics-b' })).toContainText('running');
  for (const card of ['Average CPU', 'Average Memory', 'Average Disk', 'Total Network']) {
    await expect(page.getByRole('group', { name: card })).toBeVisible();
  }

  await page.getByRole('combobox', { name: 'Container' }).click();
  await page.getByRole('option', { name: 'metrics-b' }).click();
  await expect(page.getByRole('group', { name: 'Memory' })).toContainText('/ 4,096 MB');
  await expect(page.getByRole('group', { name: 'Disk' })).toContainText('/ 100.0 GB');
  await expect(page.getByRole('group', { name: 'Active Processes' })).toBeVisible();
  // The sampler stores a point every second in the e2e server: the chart fills in.
  await expect(page.getByRole('img', { name: /^CPU usage, last hour: min / })).toBeVisible();

  // Tabbing through the charts stops only at their 'Show as table': no drawing or layer takes a tab stop.
  await page.getByRole('combobox', { name: 'Time range' }).focus();
  const stopsInCharts: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return 'end';
      if (!focused.closest('figure')) return null;
      const what = `${focused.tagName.toLowerCase()}.${focused.getAttribute('class') ?? ''}`;
      return focused.closest('svg, .recharts-wrapper, [role="img"]')
        ? `in the drawing: ${what}`
        : focused.tagName.toLowerCase();
    });
    if (stop === 'end') break;
    if (stop) stopsInCharts.push(stop);
  }
  expect(stopsInCharts.length).toBeGreaterThan(0);
  expect(new Set(stopsInCharts)).toEqual(new Set(['summary']));

  const history = page.waitForRequest((r) => r.url().includes('/metrics/history?range=7d'));
  await page.getByRole('combobox', { name: 'Time range' }).click();
  await page.getByRole('option', { name: 'Last 7 Days' }).click();
  await history;
  await expect(page.getByRole('img', { name: /^CPU usage, last 7 days/i })).toBeVisible();
});

test('the logs page follows the console, changes the line count and downloads', async ({ page, login, baseURL }) => {
  await login();
  const container = await createContainer(page.request, baseURL ?? '', 'logs-demo');
  await page.goto(`/containers/${container.id}/logs`);
  await expect(page.getByRole('heading', { level: 1, name: 'logs-demo' })).toBeVisible();
  await expect(page).toHaveTitle('logs-demo logs · Nuvem');
  const log = page.getByRole('log', { name: 'Container logs' });
  await expect(log).toContainText('system booted');

  const more = page.waitForRequest((r) => r.url().includes(`/containers/${container.id}/logs?lines=500`));
  await page.getByRole('combobox', { name: 'Lines' }).click();
  await page.getByRole('option', { name: '500' }).click();
  await more;

  // Follow polls again on its own.
  await page.getByRole('switch', { name: 'Follow' }).click();
  await expect(page.getByRole('switch', { name: 'Follow' })).toBeChecked();
  await page.waitForRequest((r) => r.url().includes(`/containers/${container.id}/logs?lines=500`));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('logs-demo.log');
  expect(await readFile(await download.path(), 'utf8')).toContain('system booted');
});

test("another user's logs page says the container is not found", async ({ page, login, baseURL, browser }) => {
  await login();
  const container = await createContainer(page.request, baseURL ?? '', 'private-one');
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  const res = await otherPage.request.post('/auth/register', {
    data: { email: `other-${container.id}@example.com`, password: 'a long passphrase', displayName: 'Other' },
    headers: { origin: baseURL ?? '' },
  });
  expect(res.status()).toBe(201);
  await otherPage.goto(`/containers/${container.id}/logs`);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Container not found' })).toBeVisible();
  await other.close();
});
