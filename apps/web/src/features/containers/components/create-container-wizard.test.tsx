import {
  CONTAINER_NAME_MAX_LENGTH,
  containerTemplates,
  ROOT_PASSWORD_MAX_LENGTH,
  ROOT_PASSWORD_MIN_LENGTH,
  type Container,
} from '@nuvem/contracts/containers';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '@/components/ui/sonner';
import { createQueryClient } from '@/lib/query-client';
import { RealtimeClient, RealtimeContext } from '@/lib/realtime';
import { FakeSource } from '@/testing/fake-event-source.testing';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { generateSshKeyPair } from '../lib/ssh-keygen';
import { CreateContainerWizard } from './create-container-wizard';

// jsdom's WebCrypto may lack Ed25519; the key format has its own tests (lib/ssh-keygen.test.ts).
vi.mock('../lib/ssh-keygen', () => ({ generateSshKeyPair: vi.fn() }));

const createRoute = 'POST /api/v1/containers';

/** A well-formed ssh-ed25519 line: string("ssh-ed25519") + string(32 bytes). */
function ed25519Line(fill: number, comment = 'me@laptop') {
  const blob = new Uint8Array(4 + 11 + 4 + 32);
  const view = new DataView(blob.buffer);
  view.setUint32(0, 11);
  blob.set(new TextEncoder().encode('ssh-ed25519'), 4);
  view.setUint32(15, 32);
  blob.fill(fill, 19);
  return `ssh-ed25519 ${btoa(String.fromCharCode(...blob))} ${comment}`;
}

function container(overrides: Partial<Container> = {}): Container {
  return {
    id: 'ctr_1',
    name: 'web-1',
    description: null,
    status: 'running',
    status_reason: null,
    tier: 'large',
    template_id: 'nodejs-18',
    driver: 'demo',
    ssh_command: 'ssh root@10.0.0.5',
    ip_address: '10.0.0.5',
    created_at: '2025-01-01T00:00:00.000Z',
    metrics: { cpu_usage: 0, memory_usage: 0, disk_usage: 0, network_rx_mb: 0, network_tx_mb: 0, processes: 0 },
    ...overrides,
  };
}

const catalogueRoutes: Record<string, FetchHandler> = {
  'GET /api/v1/containers/defaults': reply({ success: true, defaults: { tier: 'medium', template_id: 'python-3.11' } }),
  'GET /api/v1/containers/tiers': reply({
    success: true,
    tiers: [
      { id: 'small', cpu: 1, memory_gb: 1, disk_gb: 10, monthly_usd: 5 },
      { id: 'medium', cpu: 1, memory_gb: 2, disk_gb: 50, monthly_usd: 10 },
      { id: 'large', cpu: 2, memory_gb: 4, disk_gb: 100, monthly_usd: 20 },
    ],
  }),
  'GET /api/v1/containers/templates': reply({ success: true, templates: containerTemplates }),
};

function Harness({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        New Container
      </button>
      <CreateContainerWizard
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
      />
    </>
  );
}

function renderWizard(
  create: FetchHandler = reply({ success: true, container: container() }, 201),
  routes: Record<string, FetchHandler> = catalogueRoutes,
  realtime: RealtimeClient | null = null,
) {
  const fetchSpy = mockFetch({ ...routes, [createRoute]: create });
  const onOpenChange = vi.fn<(open: boolean) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RealtimeContext.Provider value={realtime}>
        <Harness onOpenChange={onOpenChange} />
        <Toaster />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
  return { fetchSpy, onOpenChange, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function openWizard(user: User) {
  await user.click(screen.getByRole('button', { name: 'New Container' }));
  return screen.findByRole('dialog', { name: 'Create New Container' });
}

/** The label of the step marked aria-current="step" (its number is decoration). */
function currentStep(dialog: HTMLElement) {
  const steps = within(within(dialog).getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
  return steps.find((item) => item.getAttribute('aria-current') === 'step')?.textContent.replace(/^\d/, '');
}

/** Name 'web-1', template Node.js 18, tier Large: on step 3. */
async function toAccessStep(user: User, dialog: HTMLElement) {
  await user.type(within(dialog).getByRole('textbox', { name: 'Container Name' }), 'web-1');
  await user.click(within(dialog).getByRole('radio', { name: 'Node.js 18' }));
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await user.click(within(dialog).getByRole('radio', { name: 'Large' }));
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  expect(currentStep(dialog)).toBe('Access & setup');
}

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

async function pasteInto(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

// jsdom has no object URLs.
const createObjectURL = vi.fn((_blob: Blob | MediaSource) => 'blob:http://localhost/private-key');
const revokeObjectURL = vi.fn((_url: string) => undefined);

describe('CreateContainerWizard', () => {
  beforeEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
  afterEach(() => {
    // Sonner's store outlives a test: dismiss, or the next Toaster replays these toasts.
    toast.dismiss();
    vi.restoreAllMocks();
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  it('sanitises the name as typed, shows the hint, and enables Next only for a usable name', async () => {
    const { user } = renderWizard();
    const dialog = await openWizard(user);
    expect(within(dialog).getByText('Step 1 of 3: Name & template')).toBeInTheDocument();
    expect(currentStep(dialog)).toBe('Name & template');

    const name = within(dialog).getByRole('textbox', { name: 'Container Name' });
    expect(name).toHaveFocus();
    // The rule is there before anything is typed.
    expect(name).toHaveAccessibleDescription(
      `Lowercase letters, numbers, and hyphens only. Start with a letter; at most ${CONTAINER_NAME_MAX_LENGTH} characters.`,
    );
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    await user.type(name, 'My App_1!');
    expect(name).toHaveValue('myapp1');
    expect(next).toBeEnabled();

    await user.clear(name);
    await user.type(name, '1st');
    expect(within(dialog).getByText('Start the name with a letter.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(next).toBeDisabled();

    await user.clear(name);
    await pasteInto(user, name, 'a'.repeat(CONTAINER_NAME_MAX_LENGTH));
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(next).toBeEnabled();
  });

  it(`shows the error beside the name at ${CONTAINER_NAME_MAX_LENGTH + 1} characters and sends nothing`, async () => {
    const { user, fetchSpy } = renderWizard();
    const dialog = await openWizard(user);
    const name = within(dialog).getByRole('textbox', { name: 'Container Name' });
    await user.type(name, 'a'.repeat(CONTAINER_NAME_MAX_LENGTH + 1));
    const error = `Use at most ${CONTAINER_NAME_MAX_LENGTH} characters.`;
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // Beside the field: the field's own description, read with it.
    expect(name).toHaveAccessibleDescription(expect.stringContaining(error));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(error);
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(currentStep(dialog)).toBe('Name & template');
    expect(fetchCalls(fetchSpy, createRoute)).toHaveLength(0);

    await user.type(name, '{Backspace}');
    expect(within(dialog).queryByText(error)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it("preselects the user's default template and tier", async () => {
    const { user } = renderWizard();
    const dialog = await openWizard(user);
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Python 3.11' })).toBeChecked());
    await user.type(within(dialog).getByRole('textbox', { name: 'Container Name' }), 'web');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    const medium = within(dialog).getByRole('radio', { name: 'Medium' });
    expect(medium).toBeChecked();
    expect(medium).toHaveAccessibleDescription('1 vCPU · 2 GB RAM · 50 GB disk $10/month');
    expect(medium).toHaveFocus();
  });

  it('starts from Ubuntu 24.04 and small when there are no defaults', async () => {
    const { user } = renderWizard(undefined, {});
    const dialog = await openWizard(user);
    expect(within(dialog).getByRole('radio', { name: 'Ubuntu 24.04' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Container Name' }), 'web');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('radio', { name: 'Small' })).toBeChecked();
  });

  it('goes Back one step keeping what was entered, and Cancel on step 1 resets and closes', async () => {
    const { user, onOpenChange } = renderWizard();
    let dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    expect(within(dialog).getByLabelText('SSH Public Keys')).toHaveFocus();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(currentStep(dialog)).toBe('Resources');
    expect(within(dialog).getByRole('radio', { name: 'Large' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(currentStep(dialog)).toBe('Name & template');
    expect(within(dialog).getByRole('textbox', { name: 'Container Name' })).toHaveValue('web-1');
    expect(within(dialog).getByRole('radio', { name: 'Node.js 18' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    dialog = await openWizard(user);
    expect(within(dialog).getByRole('textbox', { name: 'Container Name' })).toHaveValue('');
    expect(within(dialog).getByRole('radio', { name: 'Python 3.11' })).toBeChecked();
  });

  it('Escape also closes and resets the wizard', async () => {
    const { user } = renderWizard();
    let dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    dialog = await openWizard(user);
    expect(currentStep(dialog)).toBe('Name & template');
    expect(within(dialog).getByRole('textbox', { name: 'Container Name' })).toHaveValue('');
  });

  it('shows the configuration summary on step 3', async () => {
    const { user } = renderWizard();
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    const summary = within(dialog).getByRole('heading', { name: 'Configuration Summary' }).closest('div.glass');
    const terms = within(summary as HTMLElement)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const details = within(summary as HTMLElement)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((term, i) => [term, details[i]]))).toEqual({
      Name: 'web-1',
      Template: 'Node.js 18',
      Resources: '2 vCPU · 4 GB RAM · 100 GB disk',
      'Estimated cost': '$20/month',
      'SSH keys': 'None',
      'Root password': 'Not set (key-only access)',
    });
  });

  it('sends the exact body, shows Creating…, then closes, toasts the SSH command and resets', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, fetchSpy } = renderWizard(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    let dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    const keyA = ed25519Line(1);
    const keyB = ed25519Line(2, 'ci');
    await pasteInto(user, within(dialog).getByLabelText('SSH Public Keys'), `  ${keyA}  \n\n   \n${keyB}\n`);
    await pasteInto(
      user,
      within(dialog).getByLabelText('Environment Variables'),
      'NODE_ENV=production\nBROKEN\nEMPTY=\n PORT = 3000 \nURL=postgres://db?ssl=true',
    );
    expect(within(dialog).getByText('Lines 2, 3 are ignored: use KEY=value with both sides filled in.')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Root Password'), 'correct-horse');

    await user.click(within(dialog).getByRole('button', { name: 'Create Container' }));
    expect(within(dialog).getByRole('button', { name: 'Creating…' })).toBeDisabled();
    expect(fetchCalls(fetchSpy, createRoute).map((call) => call.body)).toEqual([
      {
        name: 'web-1',
        tier: 'large',
        template_id: 'nodejs-18',
        ssh_keys: [keyA, keyB],
        environment: { NODE_ENV: 'production', PORT: '3000', URL: 'postgres://db?ssl=true' },
        root_password: 'correct-horse',
      },
    ]);

    answer(jsonResponse({ success: true, container: container() }, 201));
    expect(await screen.findByText('Container web-1 is ready. Connect with: ssh root@10.0.0.5')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    dialog = await openWizard(user);
    expect(currentStep(dialog)).toBe('Name & template');
    expect(within(dialog).getByRole('textbox', { name: 'Container Name' })).toHaveValue('');
  });

  /**
   * Creates 'web-1' through the wizard against a server that answers 202 `starting` (provisioned in
   * the background), with a live realtime client whose stream the test drives. `now` is what a
   * read of the container right after the reply finds.
   */
  /** What the server's `container.updated` carries once the container has its address. */
  const withAddress = { ip_address: '10.0.0.5', ssh_command: 'ssh root@10.0.0.5' };

  async function createInBackground(now: Partial<Container>) {
    FakeSource.made = [];
    const client = new RealtimeClient({
      onEvent: () => {},
      createSource: (url) => new FakeSource(url) as unknown as EventSource,
    });
    client.connect();
    const { user } = renderWizard(
      // Starting, with no address yet: the command names the portal's own host (the server's fallback).
      reply(
        {
          success: true,
          container: container({ status: 'starting', ip_address: null, ssh_command: 'ssh root@127.0.0.1' }),
        },
        202,
      ),
      { ...catalogueRoutes, 'GET /api/v1/containers/ctr_1': reply({ success: true, container: container(now) }) },
      client,
    );
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Container' }));
    const source = FakeSource.made[0]!;
    return { client, source };
  }

  it('says a container is being created in the background, then that it is ready when the stream reports it running', async () => {
    const { client, source } = await createInBackground({ status: 'starting' });
    expect(
      await screen.findByText(
        'Creating web-1. You can carry on: it shows as running in the list as soon as it is ready.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Container web-1 is ready/)).not.toBeInTheDocument();
    source.emit('container.updated', { id: 'other', status: 'running' }, 'a-1-x');
    source.emit('container.updated', { id: container().id, status: 'starting' }, 'a-2-x');
    expect(screen.queryByText(/Container web-1 is ready/)).not.toBeInTheDocument();
    source.emit('container.updated', { id: container().id, status: 'running', ...withAddress }, 'a-3-x');
    expect(await screen.findByText('Container web-1 is ready. Connect with: ssh root@10.0.0.5')).toBeInTheDocument();
    // Once only.
    source.emit('container.updated', { id: container().id, status: 'running' }, 'a-4-x');
    await waitFor(() => expect(screen.getAllByText(/Container web-1 is ready/)).toHaveLength(1));
    client.disconnect();
  });

  it("says the address is pending while it is, never the portal's host, and shows the command when it arrives", async () => {
    const { client, source } = await createInBackground({ status: 'starting' });
    await screen.findByText(/Creating web-1/);
    source.emit(
      'container.updated',
      { id: container().id, status: 'running', ip_address: null, ssh_command: 'ssh root@127.0.0.1' },
      'a-1-x',
    );
    expect(
      await screen.findByText(
        'Container web-1 is ready. SSH: address pending; the command appears here when it arrives.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/127\.0\.0\.1/)).not.toBeInTheDocument();
    // The same toast, now with the command.
    source.emit('container.updated', { id: container().id, status: 'running', ...withAddress }, 'a-2-x');
    expect(await screen.findByText('Container web-1 is ready. Connect with: ssh root@10.0.0.5')).toBeInTheDocument();
    expect(screen.queryByText(/address pending/)).not.toBeInTheDocument();
    expect(screen.getAllByText(/Container web-1 is ready/)).toHaveLength(1);
    client.disconnect();
  });

  it('says the container is ready when it was already running before the page listened', async () => {
    const { client, source } = await createInBackground({});
    expect(await screen.findByText('Container web-1 is ready. Connect with: ssh root@10.0.0.5')).toBeInTheDocument();
    source.emit('container.updated', { id: 'ctr_1', status: 'running' }, 'a-1-x');
    await waitFor(() => expect(screen.getAllByText(/Container web-1 is ready/)).toHaveLength(1));
    client.disconnect();
  });

  it('reports a background creation that ends in error with its reason', async () => {
    const { client, source } = await createInBackground({ status: 'starting' });
    await screen.findByText(/Creating web-1/);
    source.emit(
      'container.updated',
      { id: container().id, status: 'error', status_reason: 'image not found' },
      'a-1-x',
    );
    expect(await screen.findByText('Container web-1 could not start: image not found')).toBeInTheDocument();
    client.disconnect();
  });

  it('omits empty keys, environment, script and password', async () => {
    const { user, fetchSpy } = renderWizard();
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    await pasteInto(user, within(dialog).getByLabelText('SSH Public Keys'), '\n  \n');
    await pasteInto(user, within(dialog).getByLabelText('Environment Variables'), 'ONLY_KEY=\n');
    await pasteInto(user, within(dialog).getByLabelText('Startup Script'), '   \n');
    await user.click(within(dialog).getByRole('button', { name: 'Create Container' }));
    expect(fetchCalls(fetchSpy, createRoute).map((call) => call.body)).toEqual([
      { name: 'web-1', tier: 'large', template_id: 'nodejs-18' },
    ]);
    await screen.findByText('Container web-1 is ready. Connect with: ssh root@10.0.0.5');
  });

  it("shows the server's message and keeps everything entered when creation fails", async () => {
    const { user } = renderWizard(
      reply({ success: false, error: 'A container named web-1 already exists', code: 'CONFLICT' }, 409),
    );
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    const key = ed25519Line(7);
    await pasteInto(user, within(dialog).getByLabelText('SSH Public Keys'), key);
    await user.type(within(dialog).getByLabelText('Root Password'), 'correct-horse');
    await user.click(within(dialog).getByRole('button', { name: 'Create Container' }));

    expect(await screen.findByText('A container named web-1 already exists')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Container' })).toBe(dialog);
    expect(within(dialog).getByLabelText('SSH Public Keys')).toHaveValue(key);
    expect(within(dialog).getByLabelText('Root Password')).toHaveValue('correct-horse');
    expect(within(dialog).getByRole('button', { name: 'Create Container' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('textbox', { name: 'Container Name' })).toHaveValue('web-1');
  });

  it('goes back to the name when the server says it is taken, and says so beside it', async () => {
    const { user } = renderWizard(
      reply({ success: false, error: 'You already have a container named web-1', code: 'NAME_TAKEN' }, 409),
    );
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Container' }));
    await waitFor(() => expect(currentStep(dialog)).toBe('Name & template'));
    const name = within(dialog).getByRole('textbox', { name: 'Container Name' });
    expect(name).toHaveValue('web-1');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('You already have a container named web-1: choose another name.'),
    );
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    await user.type(name, '-2');
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });

  it("puts a 400's field details beside their fields", async () => {
    const { user } = renderWizard(
      reply(
        {
          success: false,
          error: `Root password must be at least ${ROOT_PASSWORD_MIN_LENGTH} characters.`,
          code: 'VALIDATION_ERROR',
          details: [
            {
              path: 'body.root_password',
              message: `Root password must be at least ${ROOT_PASSWORD_MIN_LENGTH} characters`,
              code: 'too_small',
              origin: 'string',
              minimum: ROOT_PASSWORD_MIN_LENGTH,
            },
          ],
        },
        400,
      ),
    );
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    await user.type(within(dialog).getByLabelText('Root Password'), 'correct-horse');
    await user.click(within(dialog).getByRole('button', { name: 'Create Container' }));
    const password = within(dialog).getByLabelText('Root Password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining(`Use at least ${ROOT_PASSWORD_MIN_LENGTH} characters.`),
    );
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('says so when the new container could not start', async () => {
    const { user } = renderWizard(
      reply({ success: true, container: container({ status: 'error', status_reason: 'image not found' }) }, 201),
    );
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Container' }));
    expect(await screen.findByText('Container web-1 could not start: image not found')).toBeInTheDocument();
    expect(screen.queryByText(/is ready/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('blocks Create while a line is not an OpenSSH public key', async () => {
    const { user, fetchSpy } = renderWizard();
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    const keys = within(dialog).getByLabelText('SSH Public Keys');
    await pasteInto(user, keys, `${ed25519Line(1)}\nssh-rsa not-base64!`);

    expect(within(dialog).getByText('Line 2 is not a valid OpenSSH public key.')).toBeInTheDocument();
    expect(keys).toHaveAttribute('aria-invalid', 'true');
    const create = within(dialog).getByRole('button', { name: 'Create Container' });
    expect(create).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(fetchCalls(fetchSpy, createRoute)).toHaveLength(0);

    await user.clear(keys);
    await pasteInto(user, keys, ed25519Line(1));
    expect(within(dialog).queryByText(/is not a valid OpenSSH public key/)).not.toBeInTheDocument();
    expect(create).toBeEnabled();
  });

  it('generates an SSH key: adds the public key and offers the private key once, as a download', async () => {
    const publicKey = ed25519Line(9, 'web-1@nuvem');
    vi.mocked(generateSshKeyPair).mockResolvedValue({
      publicKey,
      privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n',
    });
    const { user } = renderWizard();
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    const existing = ed25519Line(1);
    await pasteInto(user, within(dialog).getByLabelText('SSH Public Keys'), `${existing}\n`);
    expect(within(dialog).queryByRole('link', { name: 'Download Private Key' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Generate SSH Key' }));
    const link = await within(dialog).findByRole('link', { name: 'Download Private Key' });
    expect(generateSshKeyPair).toHaveBeenCalledWith('web-1@nuvem');
    expect(within(dialog).getByLabelText('SSH Public Keys')).toHaveValue(`${existing}\n${publicKey}`);
    expect(link).toHaveAttribute('href', 'blob:http://localhost/private-key');
    expect(link).toHaveAttribute('download', 'id_ed25519_web-1');
    expect(within(dialog).getByText(/The private key is shown only once/)).toBeInTheDocument();
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await readBlob(blob)).toBe('-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n');

    // The download survives going Back and forth, and is revoked when the wizard closes.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('link', { name: 'Download Private Key' })).toBeInTheDocument();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/private-key');
  });

  it('says so when the SSH key cannot be generated', async () => {
    vi.mocked(generateSshKeyPair).mockRejectedValue(new DOMException('Ed25519 unsupported', 'NotSupportedError'));
    const { user } = renderWizard();
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Generate SSH Key' }));
    expect(await screen.findByText('Failed to generate SSH key')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('SSH Public Keys')).toHaveValue('');
    expect(within(dialog).queryByRole('link', { name: 'Download Private Key' })).not.toBeInTheDocument();
  });

  it('checks, generates, shows and copies the root password', async () => {
    const { user } = renderWizard();
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    const password = within(dialog).getByLabelText('Root Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription(
      `Optional, ${ROOT_PASSWORD_MIN_LENGTH} to ${ROOT_PASSWORD_MAX_LENGTH} characters. Leave empty for key-only access (SSH keys only).`,
    );
    expect(within(dialog).getByRole('button', { name: 'Copy password' })).toBeDisabled();

    await user.type(password, 'short');
    expect(within(dialog).getByText(`Use at least ${ROOT_PASSWORD_MIN_LENGTH} characters.`)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Container' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(within(dialog).getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');

    await user.click(within(dialog).getByRole('button', { name: 'Generate password' }));
    const generated = (password as HTMLInputElement).value;
    expect(generated).toHaveLength(16);
    expect(generated).not.toBe('short');
    expect(password).toHaveAttribute('type', 'text');
    expect(within(dialog).queryByText(`Use at least ${ROOT_PASSWORD_MIN_LENGTH} characters.`)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Container' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe(generated);
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });

  it('fills the environment and the startup script from their templates', async () => {
    const { user } = renderWizard();
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);

    const environment = within(dialog).getByLabelText('Environment Variables');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Environment template' }),
      'PostgreSQL database',
    );
    const first = (environment as HTMLTextAreaElement).value;
    expect(first).toMatch(/^POSTGRES_HOST=localhost$/m);
    expect(first).toMatch(/^POSTGRES_PASSWORD=\S{16}$/m);
    expect(within(dialog).getByText(/Filled from the PostgreSQL database template/)).toBeInTheDocument();
    // Picking it again makes new secrets.
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Environment template' }),
      'PostgreSQL database',
    );
    expect((environment as HTMLTextAreaElement).value).not.toBe(first);

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Startup script template' }),
      'Docker Engine',
    );
    const script = within(dialog).getByLabelText('Startup Script');
    expect((script as HTMLTextAreaElement).value).toMatch(/^#!\/usr\/bin\/env bash\nset -euo pipefail\n/);
    expect((script as HTMLTextAreaElement).value).toContain('docker-ce');
  });

  it('refuses a startup script over 64 KiB', async () => {
    const { user } = renderWizard();
    const dialog = await openWizard(user);
    await toAccessStep(user, dialog);
    await pasteInto(user, within(dialog).getByLabelText('Startup Script'), 'x'.repeat(64 * 1024 + 1));
    expect(within(dialog).getByText('The script is 64.1 KiB; the limit is 64 KiB.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Container' })).toBeDisabled();
  });
});
