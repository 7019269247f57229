import { AUTH_TOKEN_STORAGE_KEY } from '@nuvem/contracts/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiRequest,
  getActingWorkspace,
  onActingWorkspaceChange,
  personalWorkspace,
  permissionStanding,
  setActingWorkspace,
  workspaceHeaders,
} from './api-client';

const itemSchema = z.object({ success: z.literal(true), name: z.string() });

function replyWith(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('apiRequest', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends JSON with credentials and the stored bearer token, and returns the parsed reply', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok_123');
    const fetchMock = replyWith(200, { success: true, name: 'web-1', extra: 'dropped' });
    const result = await apiRequest('/api/v1/things', itemSchema, { method: 'POST', body: { name: 'web-1' } });
    expect(result).toEqual({ success: true, name: 'web-1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"web-1"}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer tok_123' });
  });

  it('sends no Authorization header without a stored token', async () => {
    const fetchMock = replyWith(200, { success: true, name: 'x' });
    await apiRequest('/x', itemSchema);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
  });

  it("throws the server's error text with its status", async () => {
    replyWith(409, { success: false, error: 'That name is taken', code: 'NAME_TAKEN' });
    const error = await apiRequest('/x', itemSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'That name is taken', code: 'NAME_TAKEN' });
  });

  it('falls back to "HTTP {status}" when the failure has no error text', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/x', itemSchema)).rejects.toMatchObject({ status: 502, message: 'HTTP 502' });
  });

  it('rejects a reply that breaks the contract instead of passing it on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    replyWith(200, { success: true, name: 42 });
    await expect(apiRequest('/x', itemSchema)).rejects.toMatchObject({ code: 'BAD_REPLY' });
  });

  it('passes on a cancellation that comes while the body is arriving, logging nothing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const controller = new AbortController();
    // The headers have come; the body is cut off by the cancellation (a refetch replaced this call).
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('{"success":true,'));
        controller.signal.addEventListener('abort', () =>
          stream.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
      },
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status: 200 }));
    const pending = apiRequest('/x', itemSchema, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('reports a network failure as status 0', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    await expect(apiRequest('/x', itemSchema)).rejects.toMatchObject({ status: 0 });
  });

  it("keeps a refusal's violations, threat level, Retry-After wait, status text and body", async () => {
    const violation = {
      type: 'instruction_override',
      severity: 'high',
      message: 'Tries to override earlier instructions',
      evidence: { start: 0, end: 6, text: 'Ignore' },
    };
    const blocked = {
      success: false,
      error: 'Prompt blocked by AI Security Layer',
      code: 'PROMPT_BLOCKED',
      violations: [violation],
      threat_level: 'high',
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(blocked), { status: 422, statusText: 'Unprocessable Entity' }),
    );
    await expect(apiRequest('/x', itemSchema)).rejects.toMatchObject({
      status: 422,
      code: 'PROMPT_BLOCKED',
      violations: [violation],
      threatLevel: 'high',
      statusText: 'Unprocessable Entity',
      body: blocked,
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: false, error: 'Too many', code: 'RATE_LIMITED' }), {
        status: 429,
        headers: { 'Retry-After': '12' },
      }),
    );
    await expect(apiRequest('/x', itemSchema)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 12 });
  });

  it('sends a Blob body as it is, with its own Content-Type', async () => {
    const fetchMock = replyWith(200, { success: true, name: 'avatar' });
    const image = new Blob(['png'], { type: 'image/png' });
    await apiRequest('/x', itemSchema, { method: 'POST', body: image });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(image);
    expect(init?.headers).toMatchObject({ 'Content-Type': 'image/png' });
  });
});

describe('the acting workspace', () => {
  afterEach(() => {
    setActingWorkspace(personalWorkspace);
    vi.restoreAllMocks();
  });

  it('names an organisation with the Nuvem-Organization header, and the personal workspace with none', () => {
    expect(workspaceHeaders('wsp_acme')).toEqual({ 'nuvem-organization': 'wsp_acme' });
    expect(workspaceHeaders(null)).toEqual({});
  });

  it('adds the header to every call made in an organisation, and not in the personal workspace', async () => {
    const fetchMock = replyWith(200, { success: true, name: 'x' });
    await apiRequest('/api/v1/containers', itemSchema);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('nuvem-organization');

    setActingWorkspace({ organisationId: 'wsp_acme', permissions: ['containers:read'] });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, name: 'x' }), { status: 200 }));
    await apiRequest('/api/v1/containers', itemSchema, { method: 'DELETE' });
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({ 'nuvem-organization': 'wsp_acme' });
  });

  it('leaves the header off a call that belongs to no workspace (the list of workspaces)', async () => {
    setActingWorkspace({ organisationId: 'wsp_acme', permissions: null });
    const fetchMock = replyWith(200, { success: true, name: 'x' });
    await apiRequest('/api/orgs', itemSchema, { workspace: false });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('nuvem-organization');
  });

  it('tells its listeners when the workspace or what it allows changes, and not for the same one', () => {
    const listener = vi.fn();
    const stop = onActingWorkspaceChange(listener);
    setActingWorkspace({ organisationId: 'wsp_acme', permissions: null });
    setActingWorkspace({ organisationId: 'wsp_acme', permissions: null });
    setActingWorkspace({ organisationId: 'wsp_acme', permissions: ['containers:read'] });
    setActingWorkspace({ organisationId: 'wsp_acme', permissions: ['containers:read'] });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getActingWorkspace()).toEqual({ organisationId: 'wsp_acme', permissions: ['containers:read'] });
    stop();
    setActingWorkspace(personalWorkspace);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('tells its listeners when only the role changes (the reason a screen gives names it)', () => {
    setActingWorkspace({ organisationId: 'wsp_acme', permissions: ['billing:read'], role: 'viewer' });
    const listener = vi.fn();
    const stop = onActingWorkspaceChange(listener);
    setActingWorkspace({ organisationId: 'wsp_acme', permissions: ['billing:read'], role: 'developer' });
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('permissionStanding', () => {
  it('allows everything in the personal workspace', () => {
    expect(permissionStanding(personalWorkspace, 'billing:manage')).toEqual({ kind: 'allowed' });
  });

  it('says nothing while what the role allows is not known', () => {
    expect(permissionStanding({ organisationId: 'wsp_acme', permissions: null }, 'flows:execute')).toEqual({
      kind: 'unknown',
    });
  });

  it('refuses what the role lacks, naming the role (or none when it is not known)', () => {
    const viewer = { organisationId: 'wsp_acme', permissions: ['billing:read'], role: 'viewer' } as const;
    expect(permissionStanding(viewer, 'billing:read')).toEqual({ kind: 'allowed' });
    expect(permissionStanding(viewer, 'billing:manage')).toEqual({ kind: 'refused', role: 'viewer' });
    expect(permissionStanding({ organisationId: 'wsp_acme', permissions: [] }, 'flows:execute')).toEqual({
      kind: 'refused',
      role: null,
    });
  });
});
