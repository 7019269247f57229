import {
  APPLICATION_NAME_MAX_LENGTH,
  MAX_URIS_PER_APPLICATION,
  apiKeyListResponseSchema,
  apiKeySchema,
  applicationCreatedResponseSchema,
  applicationListResponseSchema,
  applicationResponseSchema,
  applicationSchema,
  messageResponseSchema,
  secretRotatedResponseSchema,
  type ApiKey,
  type Application,
} from '@nuvem/contracts/applications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/sonner';
import { i18n } from '@/lib/i18n';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';

// Whole flows (typing, dialogs, refetches) through the real route table.
const FLOW_TIMEOUT_MS = 20_000;

// The API Keys, Analytics and Quick start parts and the container dashboard are tested on their
// own; here they stand in as the application they were given.
vi.mock('./api-keys-tab', () => ({
  ApiKeysTab: ({ application }: { application: Application | undefined }) => (
    <p>API keys of {application?.app_name ?? 'no application'}</p>
  ),
}));
vi.mock('./analytics-tab', () => ({
  AnalyticsTab: ({ application }: { application: Application | undefined }) => (
    <p>Analytics of {application?.app_name ?? 'no application'}</p>
  ),
}));
vi.mock('./quick-start-panel', () => ({
  QuickStartPanel: ({ application }: { application: Application | undefined }) => (
    <p>Quick start for {application?.app_name ?? 'no application'}</p>
  ),
}));
vi.mock('@/features/containers/components/container-dashboard', () => ({
  ContainerDashboard: () => <p>The container dashboard</p>,
}));

const ana = {
  id: 'usr_1',
  email: 'ana@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
  email_verified: true,
  user_metadata: { display_name: 'Ana', avatar_url: null },
};

function application(overrides: Partial<Application> = {}): Application {
  return applicationSchema.parse({
    id: 'app_1',
    app_name: 'Billing',
    client_id: 'cli_billing',
    created_at: '2025-01-15T12:00:00.000Z',
    redirect_uris: ['https://billing.example.com/callback'],
    allowed_origins: ['https://billing.example.com'],
    status: 'active',
    ...overrides,
  });
}

const billing = application();
const crm = application({
  id: 'app_2',
  app_name: 'CRM',
  client_id: 'cli_crm',
  redirect_uris: [],
  allowed_origins: [],
});

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return apiKeySchema.parse({
    id: 'key_1',
    name: 'Production',
    description: null,
    key_prefix: 'nuv_AbCdEfGh',
    scopes: ['read', 'write'],
    rate_limit_tier: 'standard',
    usage_count: 0,
    last_used_at: null,
    expires_at: '2999-01-01T00:00:00.000Z',
    created_at: '2025-01-15T12:00:00.000Z',
    revoked_at: null,
    revoked_reason: null,
    ...overrides,
  });
}

const listReply = (applications: Application[]) => applicationListResponseSchema.parse({ success: true, applications });
const keysReply = (keys: ApiKey[]) => apiKeyListResponseSchema.parse({ success: true, keys });

const SECRET = 'nuvs_0123456789abcdefghijABCDEFGHIJ0123456789';

/** The server's list of applications, changed by the create and delete handlers. */
function applicationsServer(initial: Application[]) {
  let applications = [...initial];
  return {
    set: (next: Application[]) => {
      applications = next;
    },
    routes: {
      'GET /applications': () => jsonResponse(listReply(applications)),
    } satisfies Record<string, FetchHandler>,
    add: (created: Application) => {
      applications = [...applications, created];
    },
    remove: (id: string) => {
      applications = applications.filter((a) => a.id !== id);
    },
  };
}

function signedIn(routes: Record<string, FetchHandler> = {}) {
  return mockFetch({
    'GET /sso/check': reply({ authenticated: true, user: ana, access_token: 'tok' }),
    'GET /auth/config': reply({ providers: [], redirect_origins: [] }),
    'GET /applications': reply(listReply([billing])),
    'GET /applications/app_1/keys': reply(keysReply([])),
    'GET /applications/app_2/keys': reply(keysReply([])),
    ...routes,
  });
}

async function openDashboard(routes: Record<string, FetchHandler> = {}, path = '/developer') {
  const user = userEvent.setup();
  const fetchSpy = signedIn(routes);
  const view = renderRoute(path);
  // The route's code is loaded on demand: the first render can take a while on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Developer' }, { timeout: 5000 });
  return { user, fetchSpy, router: view.router };
}

function toasts() {
  return screen.getByRole('region', { name: /notifications/i });
}

beforeEach(() => {
  toast.dismiss();
  // jsdom has no pointer capture, scrolling or resize observer, which the Select primitive uses.
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('developer dashboard: tabs and selector', () => {
  it(
    "shows the spec's six tabs, Overview first, and keeps the chosen tab in the address",
    async () => {
      const { user, router } = await openDashboard();
      const tabList = screen.getByRole('tablist', { name: 'Developer dashboard' });
      expect(
        within(tabList)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Overview', 'Applications', 'API Keys', 'Analytics', 'Containers', 'Settings']);
      expect(within(tabList).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByText('Quick start for Billing')).toBeInTheDocument();

      await user.click(within(tabList).getByRole('tab', { name: 'API Keys' }));
      expect(router.state.location.search).toBe('?tab=api-keys');
      expect(await screen.findByText('API keys of Billing')).toBeInTheDocument();

      await user.click(within(tabList).getByRole('tab', { name: 'Analytics' }));
      expect(router.state.location.search).toBe('?tab=analytics');
      expect(await screen.findByText('Analytics of Billing')).toBeInTheDocument();

      await user.click(within(tabList).getByRole('tab', { name: 'Containers' }));
      expect(router.state.location.search).toBe('?tab=containers');
      expect(await screen.findByText('The container dashboard')).toBeInTheDocument();

      await user.click(within(tabList).getByRole('tab', { name: 'Overview' }));
      expect(router.state.location.search).toBe('');
    },
    FLOW_TIMEOUT_MS,
  );

  it('opens on the tab named in the address, and on Overview for an unknown one', async () => {
    await openDashboard({}, '/developer?tab=settings');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('falls back to Overview for an unknown tab', async () => {
    await openDashboard({}, '/developer?tab=nope');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows no application selector with a single application', async () => {
    await openDashboard();
    expect(await screen.findByText('Quick start for Billing')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Application' })).not.toBeInTheDocument();
  });

  it(
    'selects the first of several applications, passes the chosen one to the tabs and keeps it on refresh',
    async () => {
      const server = applicationsServer([billing, crm]);
      const { user } = await openDashboard(
        {
          ...server.routes,
          'PUT /applications/app_2': () => {
            const renamed = { ...crm, app_name: 'CRM Pro' };
            // The refreshed list has one more application, ahead of the chosen one.
            server.set([application({ id: 'app_3', app_name: 'ERP', client_id: 'cli_erp' }), billing, renamed]);
            return jsonResponse(applicationResponseSchema.parse({ success: true, application: renamed }));
          },
        },
        '/developer?tab=api-keys',
      );
      const selector = await screen.findByRole('combobox', { name: 'Application' });
      expect(selector).toHaveTextContent('Billing');
      expect(await screen.findByText('API keys of Billing')).toBeInTheDocument();

      await user.click(selector);
      await user.click(await screen.findByRole('option', { name: 'CRM' }));
      expect(await screen.findByText('API keys of CRM')).toBeInTheDocument();

      // Saving the settings refreshes the list: the choice stays.
      await user.click(screen.getByRole('tab', { name: 'Settings' }));
      await user.type(screen.getByRole('textbox', { name: 'Application Name' }), ' Pro');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Application' })).toHaveTextContent('CRM Pro'));
      await user.click(screen.getByRole('tab', { name: 'API Keys' }));
      expect(await screen.findByText('API keys of CRM Pro')).toBeInTheDocument();
      await user.click(screen.getByRole('combobox', { name: 'Application' }));
      expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
        'ERP',
        'Billing',
        'CRM Pro',
      ]);
      await user.keyboard('{Escape}');
    },
    FLOW_TIMEOUT_MS,
  );
});

describe('developer dashboard: overview', () => {
  it("sums the requests of the selected application's keys, says whose they are, counts the active ones and the applications, and claims no security level", async () => {
    const { user, fetchSpy } = await openDashboard({
      'GET /applications': reply(listReply([billing, crm])),
      'GET /applications/app_1/keys': reply(
        keysReply([
          apiKey({ usage_count: 1200 }),
          apiKey({ id: 'key_2', usage_count: 30, revoked_at: '2025-02-01T00:00:00.000Z' }),
          apiKey({ id: 'key_3', usage_count: 4, expires_at: '2025-02-01T00:00:00.000Z' }),
          apiKey({ id: 'key_4', usage_count: 0 }),
        ]),
      ),
    });
    const summary = screen.getByLabelText('Developer summary');
    const figure = (label: string) =>
      within(summary).getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd');
    // The figures are the selected application's, and their labels say so.
    await waitFor(() => expect(figure('API requests — Billing')).toHaveTextContent('1,234'));
    expect(
      within(summary).getByText('All time, all keys of this application, revoked ones included'),
    ).toBeInTheDocument();
    expect(figure('Active API keys — Billing')).toHaveTextContent('2');
    expect(figure('Applications')).toHaveTextContent('2');
    // No 'Enterprise' security level or uptime promise: nothing in the product gives either (issue 35).
    expect(within(summary).getAllByRole('term')).toHaveLength(3);
    expect(summary).not.toHaveTextContent(/Enterprise|Security|99\.9/);
    // Revoked keys count towards the requests: the list is asked for with them.
    expect(fetchCalls(fetchSpy, 'GET /applications/app_1/keys').map((call) => call.url)).toContain(
      '/applications/app_1/keys?include_revoked=true',
    );

    // Another application: its own figures, under its own name.
    await user.click(screen.getByRole('combobox', { name: 'Application' }));
    await user.click(await screen.findByRole('option', { name: 'CRM' }));
    await waitFor(() => expect(figure('API requests — CRM')).toHaveTextContent('0'));
    expect(figure('Active API keys — CRM')).toHaveTextContent('0');
    expect(within(summary).queryByText(/Billing/)).not.toBeInTheDocument();
  });

  it('shows zeros without an application', async () => {
    await openDashboard({ 'GET /applications': reply(listReply([])) });
    const summary = screen.getByLabelText('Developer summary');
    await waitFor(() =>
      expect(
        within(summary)
          .getAllByRole('definition')
          .map((d) => d.textContent),
      ).toEqual(['0', 'Create an application to issue keys', '0', 'Create an application to issue keys', '0']),
    );
    expect(within(summary).getByText('API requests', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('Quick start for no application')).toBeInTheDocument();
  });
});

describe('developer dashboard: applications', () => {
  it('lists each application as Active with its client ID, date, redirect URIs and origins', async () => {
    const { user } = await openDashboard(
      { 'GET /applications': reply(listReply([billing, crm])) },
      '/developer?tab=applications',
    );
    const list = await screen.findByRole('list', { name: 'Your applications' });
    const cards = within(list).getAllByRole('article');
    expect(
      cards.map((card) => card.getAttribute('aria-labelledby') && within(card).getByRole('heading').textContent),
    ).toEqual(['Billing', 'CRM']);
    const [first, second] = cards;
    expect(within(first!).getByText('Active')).toBeInTheDocument();
    expect(within(second!).getByText('Active')).toBeInTheDocument();
    expect(within(first!).getByText('cli_billing')).toBeInTheDocument();
    expect(within(first!).getByText('Jan 15, 2025')).toBeInTheDocument();
    expect(within(first!).getByRole('list', { name: 'Redirect URIs' })).toHaveTextContent(
      'https://billing.example.com/callback',
    );
    expect(within(first!).getByRole('list', { name: 'Allowed Origins' })).toHaveTextContent(
      'https://billing.example.com',
    );
    expect(within(second!).getAllByText('None')).toHaveLength(2);

    await user.click(within(first!).getByRole('button', { name: 'Copy client ID of Billing' }));
    expect(await screen.findByText('Client ID copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('cli_billing');
  });

  it('invites to create the first application', async () => {
    await openDashboard({ 'GET /applications': reply(listReply([])) }, '/developer?tab=applications');
    expect(await screen.findByRole('heading', { name: 'No applications yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create Application' })).toHaveLength(1);
  });

  it(
    'creates an application with trimmed lists, then shows its secret once, in a toast and a dialog',
    async () => {
      const toastSuccess = vi.spyOn(toast, 'success');
      const server = applicationsServer([]);
      const created = application({
        id: 'app_9',
        app_name: 'Shop',
        client_id: 'cli_shop',
        redirect_uris: ['https://shop.example.com/cb', 'http://localhost:3000/cb'],
        allowed_origins: ['https://shop.example.com'],
      });
      const { user, fetchSpy } = await openDashboard(
        {
          ...server.routes,
          'POST /applications': () => {
            server.add(created);
            return jsonResponse(
              applicationCreatedResponseSchema.parse({ success: true, application: created, clientSecret: SECRET }),
              201,
            );
          },
        },
        '/developer?tab=applications',
      );
      const opener = await screen.findByRole('button', { name: 'Create Application' });
      await user.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Create New Application' });
      const create = within(dialog).getByRole('button', { name: 'Create' });
      expect(create).toBeDisabled();
      await user.type(within(dialog).getByRole('textbox', { name: 'Application Name' }), '   ');
      expect(create).toBeDisabled();
      await user.type(within(dialog).getByRole('textbox', { name: 'Application Name' }), 'Shop ');
      expect(create).toBeEnabled();
      expect(
        within(dialog).getByText(
          `Comma-separated, up to ${MAX_URIS_PER_APPLICATION}. Absolute http(s) addresses; http only for localhost, 127.0.0.1 or [::1].`,
        ),
      ).toBeInTheDocument();
      await user.type(
        within(dialog).getByLabelText('Redirect URIs'),
        ' https://shop.example.com/cb , ,http://localhost:3000/cb,',
      );
      await user.type(within(dialog).getByLabelText('Allowed Origins'), 'https://shop.example.com ,  ');
      await user.click(create);

      const secretDialog = await screen.findByRole('dialog', { name: 'Application Created' });
      expect(fetchCalls(fetchSpy, 'POST /applications').map((call) => call.body)).toEqual([
        {
          name: 'Shop',
          redirectUris: ['https://shop.example.com/cb', 'http://localhost:3000/cb'],
          allowedOrigins: ['https://shop.example.com'],
        },
      ]);
      expect(screen.queryByRole('dialog', { name: 'Create New Application' })).not.toBeInTheDocument();
      expect(within(secretDialog).getByLabelText('Client ID')).toHaveValue('cli_shop');
      expect(within(secretDialog).getByLabelText('Client Secret')).toHaveValue(SECRET);
      expect(secretDialog).toHaveTextContent('Copy the client secret now: it will not be shown again.');

      const notice = toasts();
      expect(within(notice).getByText('Application created successfully')).toBeInTheDocument();
      expect(within(notice).getByText(SECRET)).toBeInTheDocument();
      // Spec 9: the client-secret toast lasts 10 s.
      expect(toastSuccess).toHaveBeenCalledWith('Success', expect.objectContaining({ duration: 10_000 }));

      await user.click(within(secretDialog).getByRole('button', { name: 'Copy client secret' }));
      await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);

      // Escape does not lose the secret; the button does.
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: 'Application Created' })).toBeInTheDocument();
      await user.click(within(secretDialog).getByRole('button', { name: "I've Saved the Secret" }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
      // Saved: the toast leaves with the dialog, before its 10 s are up.
      await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
      // The empty state's button is gone with the new application: focus lands on the tab.
      await waitFor(() => expect(screen.getByRole('tab', { name: 'Applications' })).toHaveFocus());

      // The new application is listed, and nowhere shows the secret again.
      const list = await screen.findByRole('list', { name: 'Your applications' });
      expect(within(list).getByRole('heading', { name: 'Shop' })).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Settings' }));
      await user.click(screen.getByRole('tab', { name: 'Applications' }));
      expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    },
    FLOW_TIMEOUT_MS,
  );

  it('gives focus back to the opener on Cancel, and opens empty again', async () => {
    const { user, fetchSpy } = await openDashboard({}, '/developer?tab=applications');
    const opener = await screen.findByRole('button', { name: 'Create Application' });
    await user.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Create New Application' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Application Name' }), 'Draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
    await user.click(opener);
    dialog = await screen.findByRole('dialog', { name: 'Create New Application' });
    expect(within(dialog).getByRole('textbox', { name: 'Application Name' })).toHaveValue('');
    expect(fetchCalls(fetchSpy, 'POST /applications')).toHaveLength(0);
  });

  it('keeps the form and says why when the server refuses', async () => {
    const { user, fetchSpy } = await openDashboard(
      {
        'POST /applications': reply({ success: false, error: 'An application with that name exists' }, 409),
      },
      '/developer?tab=applications',
    );
    await user.click(await screen.findByRole('button', { name: 'Create Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Application' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Application Name' }), 'Billing');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(toasts()).findByText('Failed to create application: An application with that name exists'),
    ).toBeInTheDocument();
    expect(within(toasts()).getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Application' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Application Name' })).toHaveValue('Billing');
    expect(fetchCalls(fetchSpy, 'POST /applications')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Application Created' })).not.toBeInTheDocument();
  });

  it('says which entry the server would refuse before sending it', async () => {
    const { user, fetchSpy } = await openDashboard({}, '/developer?tab=applications');
    await user.click(await screen.findByRole('button', { name: 'Create Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Application' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Application Name' }), 'Shop');
    await user.type(within(dialog).getByLabelText('Redirect URIs'), 'shop.example.com/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByLabelText('Redirect URIs')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Redirect URIs')).toHaveAccessibleDescription(
      /"shop\.example\.com\/cb" must be an absolute http\(s\) URL/,
    );
    expect(fetchCalls(fetchSpy, 'POST /applications')).toHaveLength(0);
  });
});

describe('developer dashboard: the application form and the contract', () => {
  it(
    "refuses a name one character over the contract's limit beside the field, and sends nothing",
    async () => {
      const { user, fetchSpy } = await openDashboard({}, '/developer?tab=applications');
      await user.click(await screen.findByRole('button', { name: 'Create Application' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create New Application' });
      const name = within(dialog).getByRole('textbox', { name: 'Application Name' });
      expect(name).toHaveAccessibleDescription(`Up to ${APPLICATION_NAME_MAX_LENGTH} characters.`);
      await user.type(name, 'x'.repeat(APPLICATION_NAME_MAX_LENGTH + 1));
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      const error = `Use at most ${APPLICATION_NAME_MAX_LENGTH} characters.`;
      expect(await within(dialog).findByText(error)).toBeInTheDocument();
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(name).toHaveAccessibleDescription(`${error} Up to ${APPLICATION_NAME_MAX_LENGTH} characters.`);
      expect(fetchCalls(fetchSpy, 'POST /applications')).toHaveLength(0);

      // One character fewer is accepted.
      await user.type(name, '{Backspace}');
      expect(within(dialog).queryByText(error)).not.toBeInTheDocument();
    },
    FLOW_TIMEOUT_MS,
  );

  it("puts a 400's details beside their fields, in the user's words, without a toast", async () => {
    const { user, fetchSpy } = await openDashboard(
      {
        'POST /applications': reply(
          {
            success: false,
            error: 'Name must be at most 100 characters. Redirect uris must use https.',
            code: 'VALIDATION_ERROR',
            details: [
              {
                path: 'body.name',
                message: 'must be at most 100 characters',
                code: 'too_big',
                origin: 'string',
                maximum: 100,
              },
              {
                path: 'body.redirectUris.1',
                message: 'must use https (http only for localhost, 127.0.0.1 or [::1])',
                code: 'custom',
              },
            ],
          },
          400,
        ),
      },
      '/developer?tab=applications',
    );
    await user.click(await screen.findByRole('button', { name: 'Create Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Application' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Application Name' }), 'Shop');
    await user.type(
      within(dialog).getByLabelText('Redirect URIs'),
      'https://shop.example.com/cb, https://shop.example.com/other',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('Use at most 100 characters.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Application Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Redirect URIs')).toHaveAccessibleDescription(
      /^"https:\/\/shop\.example\.com\/other" must use https \(http only for localhost, 127\.0\.0\.1 or \[::1\]\)\./,
    );
    expect(fetchCalls(fetchSpy, 'POST /applications')).toHaveLength(1);
    expect(within(toasts()).queryByText(/Failed to create application/)).not.toBeInTheDocument();
  });
});

describe('developer dashboard in European Portuguese', () => {
  it('shows its tabs, figures and forms in Portuguese, with Portuguese numbers', async () => {
    await act(() => i18n.changeLanguage('pt-PT'));
    const user = userEvent.setup();
    signedIn({
      'GET /applications/app_1/keys': reply(keysReply([apiKey({ usage_count: 1234 })])),
    });
    renderRoute('/developer');
    const tabList = await screen.findByRole('tablist', { name: 'Painel de programador' }, { timeout: 5000 });
    expect(
      within(tabList)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Visão geral', 'Aplicações', 'Chaves de API', 'Análise', 'Contentores', 'Definições']);
    const summary = screen.getByLabelText('Resumo de programador');
    const requests = await within(summary).findByText('Pedidos à API — Billing', { selector: 'dt' });
    // 1234 in Portuguese: a (narrow) space between the thousands, or none at all.
    await waitFor(() => expect(requests.parentElement?.querySelector('dd')).toHaveTextContent(/^1\s?234$/u));
    expect(summary).not.toHaveTextContent(/Empresarial|segurança|99,9/);

    await user.click(within(tabList).getByRole('tab', { name: 'Aplicações' }));
    await user.click(await screen.findByRole('button', { name: 'Criar aplicação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar nova aplicação' });
    expect(within(dialog).getByRole('textbox', { name: 'Nome da aplicação' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('URIs de redirecionamento'), 'callback');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome da aplicação' }), 'Loja');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(dialog).findByText('"callback" tem de ser um URL http(s) absoluto.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  });
});

describe('developer dashboard: loading failures', () => {
  it('ends the session on a 401: the sign-in prompt back to this page and one session-ended toast', async () => {
    await openDashboard({ 'GET /applications': reply({ success: false, error: 'Unauthorized' }, 401) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Developer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?redirect=%2Fdeveloper');
    const notices = await within(toasts()).findAllByText(/Your session has ended/);
    expect(notices).toHaveLength(1);
    expect(within(toasts()).getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load applications')).not.toBeInTheDocument();
  });

  it("says 'Failed to load applications' in a toast otherwise, with a retry", async () => {
    let fail = true;
    const { user } = await openDashboard({
      'GET /applications': () =>
        fail ? jsonResponse({ success: false, error: 'Forbidden' }, 403) : jsonResponse(listReply([billing])),
    });
    expect(await within(toasts()).findByText('Failed to load applications')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The applications could not be loaded: Forbidden');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Quick start for Billing')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('developer dashboard: settings', () => {
  it('saves the changed name and lists (Save off until something changes)', async () => {
    const renamed = application({
      app_name: 'Billing v2',
      redirect_uris: [],
      allowed_origins: ['http://localhost:5173'],
    });
    const { user, fetchSpy } = await openDashboard(
      {
        'PUT /applications/app_1': reply(applicationResponseSchema.parse({ success: true, application: renamed })),
      },
      '/developer?tab=settings',
    );
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    const name = screen.getByRole('textbox', { name: 'Application Name' });
    expect(name).toHaveValue('Billing');
    expect(screen.getByLabelText('Redirect URIs')).toHaveValue('https://billing.example.com/callback');
    expect(save).toBeDisabled();
    await user.type(name, ' ');
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Billing v2');
    await user.clear(screen.getByLabelText('Redirect URIs'));
    await user.clear(screen.getByLabelText('Allowed Origins'));
    await user.type(screen.getByLabelText('Allowed Origins'), ' http://localhost:5173 ,');
    await user.click(save);

    expect(await within(toasts()).findByText('Application updated')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, 'PUT /applications/app_1').map((call) => call.body)).toEqual([
      { name: 'Billing v2', redirectUris: [], allowedOrigins: ['http://localhost:5173'] },
    ]);
  });

  it('shows the server message when saving fails', async () => {
    const { user } = await openDashboard(
      { 'PUT /applications/app_1': reply({ success: false, error: 'Application not found' }, 404) },
      '/developer?tab=settings',
    );
    const name = await screen.findByRole('textbox', { name: 'Application Name' });
    await user.type(name, ' Pro');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(toasts()).findByText('Failed to update application: Application not found'),
    ).toBeInTheDocument();
    expect(name).toHaveValue('Billing Pro');
  });

  it(
    'deletes the application after confirmation, then falls back to the first one',
    async () => {
      const server = applicationsServer([billing, crm]);
      const { user, fetchSpy } = await openDashboard(
        {
          ...server.routes,
          'DELETE /applications/app_2': () => {
            server.remove('app_2');
            return jsonResponse(messageResponseSchema.parse({ success: true, message: 'Application deleted' }));
          },
        },
        '/developer?tab=settings',
      );
      await user.click(await screen.findByRole('combobox', { name: 'Application' }));
      await user.click(await screen.findByRole('option', { name: 'CRM' }));
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Application Name' })).toHaveValue('CRM'));

      await user.click(screen.getByRole('button', { name: 'Delete Application' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete CRM?' });
      expect(confirm).toHaveTextContent('Its API keys stop working immediately. This cannot be undone.');
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(fetchCalls(fetchSpy, 'DELETE /applications/app_2')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Delete Application' }));
      await user.click(
        within(await screen.findByRole('alertdialog', { name: 'Delete CRM?' })).getByRole('button', { name: 'Delete' }),
      );
      expect(await within(toasts()).findByText('Application deleted')).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'DELETE /applications/app_2')).toHaveLength(1);
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Application Name' })).toHaveValue('Billing'));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      // One application left: no selector.
      expect(screen.queryByRole('combobox', { name: 'Application' })).not.toBeInTheDocument();
    },
    FLOW_TIMEOUT_MS,
  );

  it('rotates the client secret and shows the new one once, with until when the old one works', async () => {
    const { user, fetchSpy } = await openDashboard(
      {
        'POST /applications/app_1/secret/rotate': reply(
          secretRotatedResponseSchema.parse({
            success: true,
            clientSecret: SECRET,
            previousSecretValidUntil: '2025-03-02T12:00:00.000Z',
          }),
        ),
      },
      '/developer?tab=settings',
    );
    await user.click(await screen.findByRole('button', { name: 'Rotate Client Secret' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Rotate the client secret?' });
    expect(confirm).toHaveTextContent('The current secret stays valid for a grace period');
    await user.click(within(confirm).getByRole('button', { name: 'Rotate Secret' }));

    const dialog = await screen.findByRole('dialog', { name: 'New Client Secret' });
    expect(fetchCalls(fetchSpy, 'POST /applications/app_1/secret/rotate')).toHaveLength(1);
    expect(within(dialog).getByLabelText('Client Secret')).toHaveValue(SECRET);
    expect(within(dialog).getByLabelText('Client ID')).toHaveValue('cli_billing');
    expect(dialog).toHaveTextContent(/The previous secret stays valid until Mar [12], 2025, \d{1,2}:\d{2}\s[AP]M\./);
    expect(within(toasts()).getByText('Client secret rotated')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: "I've Saved the Secret" }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('invites to create an application when there is none', async () => {
    const { user } = await openDashboard({ 'GET /applications': reply(listReply([])) }, '/developer?tab=settings');
    await user.click(await screen.findByRole('button', { name: 'Create Application' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Application' })).toBeInTheDocument();
  });
});
