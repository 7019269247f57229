import { ssoCheckResponseSchema } from '@nuvem/contracts/auth';
import { containerLogsResponseSchema, containerResponseSchema } from '@nuvem/contracts/containers';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchCalls,
  mockFetch,
  reply,
  sequence,
  signedOutAuthRoutes,
  type FetchHandler,
} from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';

const signedIn = {
  'GET /sso/check': reply(
    ssoCheckResponseSchema.parse({
      authenticated: true,
      user: {
        id: 'usr_1',
        email: 'ana@example.com',
        created_at: '2025-01-01T00:00:00.000Z',
        email_verified: true,
        user_metadata: { display_name: 'Ana', avatar_url: null },
      },
      access_token: 'tok',
    }),
  ),
  'GET /auth/config': reply({ providers: [], redirect_origins: [] }),
};

const web = containerResponseSchema.parse({
  success: true,
  container: {
    id: 'ctr_web',
    name: 'web',
    description: null,
    status: 'running',
    status_reason: null,
    tier: 'small',
    template_id: '',
    driver: 'demo',
    ssh_command: 'ssh root@10.0.0.2',
    ip_address: '10.0.0.2',
    created_at: '2025-01-01T00:00:00.000Z',
    metrics: { cpu_usage: 1, memory_usage: 2, disk_usage: 3, network_rx_mb: 0, network_tx_mb: 0, processes: 4 },
  },
});

function logsReply(lines: string[]): FetchHandler {
  return reply(containerLogsResponseSchema.parse({ success: true, logs: lines }));
}

function routes(logs: FetchHandler, detail: FetchHandler = reply(web)) {
  return { ...signedIn, 'GET /api/v1/containers/ctr_web': detail, 'GET /api/v1/containers/ctr_web/logs': logs };
}

const path = '/containers/ctr_web/logs';

beforeEach(() => {
  // jsdom has no pointer capture or scrolling, which the Select primitive uses.
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
  Reflect.deleteProperty(document, 'fullscreenElement');
  Reflect.deleteProperty(document, 'exitFullscreen');
});

describe('container logs page', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const spy = mockFetch(signedOutAuthRoutes);
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeInTheDocument();
    expect(fetchCalls(spy, 'GET /api/v1/containers/ctr_web/logs')).toHaveLength(0);
  });

  it('shows the container and its lines, numbered, whitespace kept', async () => {
    const spy = mockFetch(routes(logsReply(['boot ok', '  indented   line', 'ready'])));
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'web' })).toBeInTheDocument();
    expect(screen.getByText('running')).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Container logs' });
    const items = await within(log).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['1boot ok', '2  indented   line', '3ready']);
    expect(
      within(items[1]!).getByText('indented line', { normalizer: (s) => s.trim().replace(/\s+/g, ' ') }),
    ).toHaveClass('whitespace-pre');
    expect(fetchCalls(spy, 'GET /api/v1/containers/ctr_web/logs')[0]?.url).toMatch(/\/logs\?lines=100$/);
    expect(screen.getByRole('combobox', { name: 'Lines' })).toHaveTextContent('100');
    await waitFor(() => expect(document.title).toBe('web logs · Nuvem'));
  });

  it('asks for 500 lines when chosen', async () => {
    const spy = mockFetch(
      routes((url) =>
        Response.json({
          success: true,
          logs: Array.from({ length: Number(url.searchParams.get('lines')) }, (_, i) => `line ${i}`),
        }),
      ),
    );
    renderRoute(path);
    const log = await screen.findByRole('log', { name: 'Container logs' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(100));
    await userEvent.click(screen.getByRole('combobox', { name: 'Lines' }));
    await userEvent.click(await screen.findByRole('option', { name: '500' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(500));
    expect(fetchCalls(spy, 'GET /api/v1/containers/ctr_web/logs').at(-1)?.url).toMatch(/\?lines=500$/);
  });

  it('follows: asks again every 2 seconds while on, and not when off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const spy = mockFetch(routes(sequence(logsReply(['one']), logsReply(['one', 'two']))));
    renderRoute(path);
    const log = await screen.findByRole('log', { name: 'Container logs' });
    await within(log).findByText('one');
    const calls = () => fetchCalls(spy, 'GET /api/v1/containers/ctr_web/logs').length;

    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(calls()).toBe(1);

    const follow = screen.getByRole('switch', { name: 'Follow' });
    await user.click(follow);
    expect(follow).toBeChecked();
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(calls()).toBe(2);
    expect(await within(log).findByText('two')).toBeInTheDocument();

    await user.click(follow);
    await act(() => vi.advanceTimersByTimeAsync(4_500));
    expect(calls()).toBe(2);
  });

  it('refreshes on demand', async () => {
    const spy = mockFetch(routes(sequence(logsReply(['one']), logsReply(['one', 'two']))));
    renderRoute(path);
    const log = await screen.findByRole('log', { name: 'Container logs' });
    await within(log).findByText('one');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(log).findByText('two')).toBeInTheDocument();
    expect(fetchCalls(spy, 'GET /api/v1/containers/ctr_web/logs')).toHaveLength(2);
  });

  it('says when there are no lines yet, with nothing to download', async () => {
    mockFetch(routes(logsReply([])));
    renderRoute(path);
    expect(await screen.findByText('No log lines yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  it('downloads the lines as <name>.log', async () => {
    mockFetch(routes(logsReply(['alpha', 'beta'])));
    const create = vi.fn<(blob: Blob) => string>(() => 'blob:logs');
    const revoke = vi.fn();
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: create, revokeObjectURL: revoke }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoute(path);
    await screen.findByText('alpha');
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('web.log');
    expect(link.href).toBe('blob:logs');
    const text = await new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(create.mock.calls[0]![0]);
    });
    expect(text).toBe('alpha\nbeta\n');
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:logs'));
  });

  it('goes fullscreen and back; a refusal is only logged', async () => {
    mockFetch(routes(logsReply(['alpha'])));
    let current: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => current });
    const request = vi.fn((): Promise<void> => {
      const element = request.mock.contexts.at(-1);
      current = element instanceof Element ? element : null;
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });
    HTMLElement.prototype.requestFullscreen = request;
    const exit = vi.fn(() => {
      current = null;
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });
    document.exitFullscreen = exit;
    renderRoute(path);
    await screen.findByText('alpha');

    await userEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
    expect(request).toHaveBeenCalledTimes(1);
    expect(current).toContainElement(screen.getByRole('log', { name: 'Container logs' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Exit fullscreen' }));
    expect(exit).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Fullscreen' })).toBeInTheDocument();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    request.mockImplementationOnce(() => Promise.reject(new Error('not allowed')));
    await userEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Fullscreen toggle failed', expect.any(Error)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fullscreen' })).toBeInTheDocument();
  });

  it('says the container is not found, with a way home', async () => {
    const notFound = reply({ success: false, error: 'Container not found', code: 'NOT_FOUND' }, 404);
    mockFetch(routes(notFound, notFound));
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Container not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
  });

  it('shows other failures with a Retry that tries again', async () => {
    mockFetch(
      routes(
        sequence(reply({ success: false, error: 'Driver unavailable', code: 'DRIVER' }, 409), logsReply(['back'])),
      ),
    );
    renderRoute(path);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The logs could not be loaded: Driver unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('back')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
