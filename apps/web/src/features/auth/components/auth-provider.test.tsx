import {
  AUTH_TOKEN_STORAGE_KEY,
  SESSION_CHECK_INTERVAL_MS,
  type AuthUser,
  type MfaRequired,
} from '@nuvem/contracts/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchCalls,
  jsonResponse,
  mockFetch,
  reply,
  sequence,
  stubLocationAssign,
  type FetchHandler,
} from '@/testing/mock-fetch.testing';
import { ApiError, reportSessionRejected } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider, useAuth } from './auth-provider';

const ana: AuthUser = {
  id: 'usr_ana',
  email: 'ana@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
  email_verified: true,
  user_metadata: { display_name: 'Ana', avatar_url: null },
};
const signedIn = { authenticated: true, user: ana, access_token: 'tok_check' };
const signedOut = { authenticated: false, sso_login_url: '/login?application_id=main' };

/** A reply the test releases when it wants, to look at the state while a call is in flight. */
function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  const handler: FetchHandler = () => promise;
  return { handler, release };
}

function renderAuth(queryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  return renderHook(() => useAuth(), { wrapper });
}

function checkCalls(fetchSpy: ReturnType<typeof mockFetch>) {
  return fetchCalls(fetchSpy, 'GET /sso/check');
}

describe('AuthProvider', () => {
  beforeEach(() => {
    // The clock moves with real time (so waitFor polls) and jumps when a test advances it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is loading until the first check ends, then holds the user and stores the token', async () => {
    const check = deferred();
    const fetchSpy = mockFetch({ 'GET /sso/check': check.handler });
    const { result } = renderAuth();

    expect(result.current).toMatchObject({ loading: true, user: null, isAuthenticated: false, error: null });
    expect(checkCalls(fetchSpy)[0]?.url).toBe('/sso/check?application_id=main');
    expect(checkCalls(fetchSpy)[0]?.init).toMatchObject({ credentials: 'include' });

    await act(async () => check.release(jsonResponse(signedIn)));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toEqual(ana);
    expect(result.current.isAuthenticated).toBe(true);
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok_check');
  });

  it('ends loading signed out, and logs a warning, when the first check fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    const { result } = renderAuth();

    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(warn).toHaveBeenCalledWith('Session check failed', expect.anything());
  });

  it('checks again every 30 s and on window focus, setting or clearing the user by each reply', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok_old');
    const fetchSpy = mockFetch({
      'GET /sso/check': sequence(
        reply(signedIn), // on start
        reply(signedOut), // after 30 s
        reply(signedIn), // on focus
        reply({ success: false, error: 'Internal server error' }, 500), // after 30 s more
      ),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.user).toEqual(ana));

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(checkCalls(fetchSpy)).toHaveLength(2);
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(result.current.user).toEqual(ana));
    expect(checkCalls(fetchSpy)).toHaveLength(3);

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(checkCalls(fetchSpy)).toHaveLength(4);
    expect(warn).toHaveBeenCalledWith('Session check failed', expect.objectContaining({ status: 500 }));
    // A failed check proves nothing about the token: it stays for the next check.
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok_check');
    expect(result.current.loading).toBe(false);
  });

  it('removes the timer and the focus listener when it unmounts', async () => {
    const fetchSpy = mockFetch({ 'GET /sso/check': reply(signedOut) });
    const removeListener = vi.spyOn(window, 'removeEventListener');
    const { result, unmount } = renderAuth();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(checkCalls(fetchSpy)).toHaveLength(1);

    unmount();
    expect(removeListener).toHaveBeenCalledWith('focus', expect.any(Function));
    await vi.advanceTimersByTimeAsync(3 * SESSION_CHECK_INTERVAL_MS);
    window.dispatchEvent(new Event('focus'));
    expect(checkCalls(fetchSpy)).toHaveLength(1);
  });

  it('logs in: clears the old error, is loading during the call, then stores user and token', async () => {
    const loginReply = deferred();
    const fetchSpy = mockFetch({
      'GET /sso/check': reply(signedOut),
      'POST /auth/login': sequence(
        reply({ success: false, error: 'Invalid email or password' }, 401),
        loginReply.handler,
      ),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(() => expect(result.current.login({ email: 'ana@example.com', password: 'bad' })).rejects.toThrow());
    expect(result.current.error).toBe('Invalid email or password');

    let pending: Promise<AuthUser | MfaRequired> | undefined;
    act(() => {
      pending = result.current.login({ email: 'ana@example.com', password: 'right-password', rememberMe: true });
    });
    expect(result.current).toMatchObject({ loading: true, error: null });

    await act(async () => loginReply.release(jsonResponse({ user: ana, access_token: 'tok_login' })));
    await expect(pending).resolves.toEqual(ana);
    expect(result.current).toMatchObject({ loading: false, user: ana, error: null });
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok_login');
    const loginCall = fetchCalls(fetchSpy, 'POST /auth/login')[1];
    expect(loginCall?.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(loginCall?.body).toEqual({
      email: 'ana@example.com',
      password: 'right-password',
      rememberMe: true,
    });
  });

  it("stores and rethrows the server's text, else 'Login failed' / 'Registration failed'", async () => {
    mockFetch({
      'GET /sso/check': reply(signedOut),
      'POST /auth/login': sequence(
        reply({ success: false, error: 'Invalid email or password' }, 401),
        reply({ message: 'no error field' }, 500),
      ),
      'POST /auth/register': () => Promise.reject(new TypeError('fetch failed')),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.loading).toBe(false));

    await act(() =>
      expect(result.current.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Invalid email or password'),
    );
    expect(result.current).toMatchObject({ error: 'Invalid email or password', loading: false, user: null });

    await act(() => expect(result.current.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Login failed'));
    expect(result.current.error).toBe('Login failed');

    await act(() =>
      expect(result.current.register({ email: 'a@b.c', password: 'password1', displayName: 'A' })).rejects.toThrow(
        'Registration failed',
      ),
    );
    expect(result.current).toMatchObject({ error: 'Registration failed', loading: false });
  });

  it('registers with e-mail, password and display name and signs the user in', async () => {
    const fetchSpy = mockFetch({
      'GET /sso/check': reply(signedOut),
      'POST /auth/register': reply({ user: ana, access_token: 'tok_new' }, 201),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.loading).toBe(false));

    await act(() => result.current.register({ email: 'ana@example.com', password: 'password1', displayName: 'Ana' }));
    expect(result.current.user).toEqual(ana);
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok_new');
    expect(fetchCalls(fetchSpy, 'POST /auth/register')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'password1',
      displayName: 'Ana',
    });
  });

  it('keeps a fresh login when a check that started before it answers signed out afterwards', async () => {
    const lateCheck = deferred();
    mockFetch({
      'GET /sso/check': sequence(reply(signedOut), lateCheck.handler),
      'POST /auth/login': reply({ user: ana, access_token: 'tok_login' }),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.loading).toBe(false));

    act(() => {
      window.dispatchEvent(new Event('focus')); // a check goes out...
    });
    await act(() => result.current.login({ email: 'ana@example.com', password: 'right-password' }));
    await act(async () => lateCheck.release(jsonResponse(signedOut))); // ...and answers after the login
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.user).toEqual(ana);
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok_login');
  });

  it('logs out: ends the session, clears user and token, then goes to /logout with the origin', async () => {
    const assign = stubLocationAssign();
    const fetchSpy = mockFetch({
      'GET /sso/check': reply(signedIn),
      'POST /sso/logout': reply({ success: true }),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.user).toEqual(ana));

    await act(() => result.current.logout());
    expect(result.current).toMatchObject({ user: null, loading: false });
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(fetchCalls(fetchSpy, 'POST /sso/logout')[0]?.body).toEqual({ application_id: 'main' });
    expect(assign).toHaveBeenCalledWith(`/logout?redirect=${encodeURIComponent(window.location.origin)}`);
  });

  it('resets loading on logout even when the first check has not answered yet', async () => {
    stubLocationAssign();
    const check = deferred();
    mockFetch({ 'GET /sso/check': check.handler, 'POST /sso/logout': reply({ success: true }) });
    const { result } = renderAuth();
    expect(result.current.loading).toBe(true);

    await act(() => result.current.logout());
    expect(result.current).toMatchObject({ user: null, loading: false });
  });

  it('signs out locally and still leaves for /logout when the logout call fails', async () => {
    const assign = stubLocationAssign();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({
      'GET /sso/check': reply(signedIn),
      'POST /sso/logout': () => Promise.reject(new TypeError('fetch failed')),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.user).toEqual(ana));

    await act(() => result.current.logout());
    expect(result.current).toMatchObject({ user: null, loading: false });
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Logout failed', expect.anything());
    expect(assign).toHaveBeenCalledWith(`/logout?redirect=${encodeURIComponent(window.location.origin)}`);
  });
  it('ends the signed-in state at once on a 401 from a session-bound call, keeping only the auth config', async () => {
    mockFetch({ 'GET /sso/check': reply(signedIn) });
    const queryClient = createQueryClient();
    queryClient.setQueryData(['containers', 'list'], [{ id: 'ctr_1' }]);
    queryClient.setQueryData(['auth', 'config'], { providers: [] });
    const { result } = renderAuth(queryClient);
    await waitFor(() => expect(result.current.user).toEqual(ana));

    act(() => reportSessionRejected(new ApiError(401, 'Session expired')));
    expect(result.current).toMatchObject({ user: null, isAuthenticated: false, loading: false });
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(['containers', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(['auth', 'config'])).toEqual({ providers: [] });
  });

  it('ignores a 401 when nobody is signed in (a signed-out visitor is not told their session ended)', async () => {
    mockFetch({ 'GET /sso/check': reply(signedOut) });
    const queryClient = createQueryClient();
    queryClient.setQueryData(['events', 'list'], ['kept']);
    const { result } = renderAuth(queryClient);
    await waitFor(() => expect(result.current.loading).toBe(false));

    act(() => reportSessionRejected(new ApiError(401, 'Session expired')));
    expect(queryClient.getQueryData(['events', 'list'])).toEqual(['kept']);
  });
  it('tells a signed-in user once when a later check finds the session ended, and clears the notice on signing in again', async () => {
    const { toast } = await import('@/components/ui/sonner');
    const error = vi.spyOn(toast, 'error');
    const dismiss = vi.spyOn(toast, 'dismiss');
    mockFetch({ 'GET /sso/check': sequence(reply(signedIn), reply(signedOut), reply(signedOut), reply(signedIn)) });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.user).toEqual(ana));

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    await waitFor(() => expect(result.current.user).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(
      'Your session has ended. Sign in again to continue where you were.',
      expect.objectContaining({
        id: 'session-ended',
        action: expect.objectContaining({ label: 'Sign in again' }) as unknown,
      }),
    );

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    await waitFor(() => expect(result.current.user).toEqual(ana));
    expect(dismiss).toHaveBeenCalledWith('session-ended');
  });
});
