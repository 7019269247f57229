import {
  SESSION_CHECK_INTERVAL_MS,
  type AuthSuccess,
  type AuthUser,
  type LoginResponse,
  type MfaRequired,
} from '@nuvem/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/sonner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { onSessionRejected } from '@/lib/api-client';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { i18n } from '@/lib/i18n';
import { checkSession } from '../api/check-session';
import { login as loginRequest, type LoginInput } from '../api/login';
import { logout as logoutRequest } from '../api/logout';
import { register as registerRequest, type RegisterInput } from '../api/register';
import { authErrorMessage } from '../lib/auth-error-message';
import { logoutRedirectUrl } from '../lib/auth-urls';

/** The second step of a sign-in (a code, a passkey): its code (and the WebAuthn library) loads when used. */
const mfaSignIn = () => import('../api/mfa-sign-in');

export interface AuthContextValue {
  user: AuthUser | null;
  /** True until the first session check ends, and while a login, registration or logout runs. */
  loading: boolean;
  /** The message of the last failed login or registration. */
  error: string | null;
  isAuthenticated: boolean;
  /**
   * Resolves with the signed-in user, or with `mfa_required` (the ticket and the methods) when the
   * account has a second factor; rejects with an Error whose message is the one to show.
   */
  login: (input: LoginInput) => Promise<AuthUser | MfaRequired>;
  /** The second step of a sign-in: a code (TOTP or recovery) or `passkey: true` (the browser's prompt). */
  completeMfa: (input: { ticket?: string | undefined; code?: string; passkey?: boolean }) => Promise<AuthUser>;
  /** Passwordless sign-in with a passkey (the browser's prompt). */
  signInWithPasskey: () => Promise<AuthUser>;
  register: (input: RegisterInput) => Promise<AuthUser>;
  /** Ends the session, then leaves the page for the auth service's logout route. */
  logout: () => Promise<void>;
  /** Asks the server for the signed-in user now (after a profile edit, so the header follows). */
  refresh: () => Promise<void>;
  /** The server ended this session on purpose (the account was deleted): forget the user here, without the ended-session notice. */
  signedOut: () => void;
}

/** The one toast of an ended session (an id, so ten failing calls still show one message). */
export const SESSION_ENDED_TOAST_ID = 'session-ended';

const AuthContext = createContext<AuthContextValue | null>(null);

function sameUser(a: AuthUser | null, b: AuthUser | null): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * The session state of the spec (sections 3 and 4). It is plain React state rather than a
 * TanStack query because the spec fixes its rules exactly: when `loading` flips, that every check
 * (start, every 30 s, window focus) replaces the user, and that login and logout drive it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  // Each check and each login/registration/logout takes a ticket; a check's reply is applied only
  // if no newer ticket was taken meanwhile, so a check that raced a login cannot undo it.
  const ticket = useRef(0);
  const actionsRunning = useRef(0);
  const userRef = useRef<AuthUser | null>(null);
  const runCheckRef = useRef<() => Promise<void>>(async () => {});
  const queryClient = useQueryClient();

  // Keeps the object when a check returns the same user, so the tree does not re-render every 30 s.
  const setUser = useCallback((next: AuthUser | null) => {
    userRef.current = next;
    if (next) toast.dismiss(SESSION_ENDED_TOAST_ID); // signed in again: the notice has done its work
    setUserState((previous) => (sameUser(previous, next) ? previous : next));
  }, []);

  // Any 401 from the portal's own services to a signed-in browser: the session has ended. Show it
  // at once (no stale rows, no signed-in header) with one message and a sign-in back to this page.
  const endSession = useCallback(() => {
    if (!userRef.current) return;
    ticket.current++; // a check already in flight must not bring the user back
    clearAuthToken();
    setUser(null);
    setLoading(false);
    queryClient.removeQueries({
      predicate: (query) => !(query.queryKey[0] === 'auth' && query.queryKey[1] === 'config'),
    });
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    toast.error(i18n.t('session.ended'), {
      id: SESSION_ENDED_TOAST_ID,
      duration: Infinity,
      action: {
        label: i18n.t('session.signInAgain'),
        onClick: () => window.location.assign(paths.login.getHref(here)),
      },
    });
  }, [queryClient, setUser]);
  // The session check below reads the latest endSession without restarting its timer.
  const endSessionRef = useRef(endSession);
  useEffect(() => {
    endSessionRef.current = endSession;
  }, [endSession]);

  useEffect(() => onSessionRejected(() => endSession()), [endSession]);

  useEffect(() => {
    const controller = new AbortController();

    async function runCheck() {
      if (actionsRunning.current > 0) return; // the action's own reply decides the state
      const mine = ++ticket.current;
      let reply: Awaited<ReturnType<typeof checkSession>> | null = null;
      try {
        reply = await checkSession({ signal: controller.signal });
      } catch (failure) {
        if (controller.signal.aborted) return;
        // Spec: a failed check is logged and the user treated as signed out; no message is shown.
        console.warn('Session check failed', failure);
      }
      if (controller.signal.aborted || mine !== ticket.current) return;
      if (reply?.authenticated) {
        setAuthToken(reply.access_token);
        setUser(reply.user);
      } else if (reply && userRef.current) {
        // The server says the session a signed-in page relied on has ended (expired, signed out
        // in another tab or app): the same clear message as a 401, not a silent change.
        endSessionRef.current();
        return;
      } else {
        if (reply) clearAuthToken(); // the server says signed out; a failed call proves nothing
        setUser(null);
      }
      setLoading(false);
    }

    runCheckRef.current = runCheck;
    void runCheck();
    const interval = window.setInterval(() => void runCheck(), SESSION_CHECK_INTERVAL_MS);
    const onFocus = () => void runCheck();
    window.addEventListener('focus', onFocus);
    return () => {
      controller.abort();
      window.clearInterval(interval);
      window.removeEventListener('focus', onFocus);
    };
  }, [setUser]);

  const signIn = useCallback(
    async (request: () => Promise<LoginResponse>, fallback: () => string): Promise<AuthUser | MfaRequired> => {
      ticket.current++;
      actionsRunning.current++;
      setError(null);
      setLoading(true);
      try {
        const result = await request();
        // A second factor is due: nobody is signed in yet.
        if ('mfa_required' in result) return result;
        setAuthToken(result.access_token);
        setUser(result.user);
        return result.user;
      } catch (failure) {
        const message = authErrorMessage(failure, fallback());
        setError(message);
        throw new Error(message, { cause: failure });
      } finally {
        actionsRunning.current--;
        setLoading(false);
      }
    },
    [setUser],
  );

  const login = useCallback(
    (input: LoginInput) =>
      signIn(
        () => loginRequest(input),
        () => i18n.t('auth:errors.loginFailed'),
      ),
    [signIn],
  );

  /** A sign-in step whose reply is always the signed-in user (the second step, a passkey). */
  const finishSignIn = useCallback(
    async (
      request: () => Promise<AuthSuccess>,
      fallback: () => string = () => i18n.t('auth:errors.loginFailed'),
    ): Promise<AuthUser> => {
      const result = await signIn(request, fallback);
      if ('mfa_required' in result) throw new Error(fallback());
      return result;
    },
    [signIn],
  );

  const completeMfa = useCallback(
    ({ ticket: mfaTicket, code, passkey }: { ticket?: string | undefined; code?: string; passkey?: boolean }) =>
      finishSignIn(async () => {
        const mfa = await mfaSignIn();
        return passkey ? mfa.verifyMfaPasskey(mfaTicket) : mfa.verifyMfaCode({ ticket: mfaTicket, code: code ?? '' });
      }),
    [finishSignIn],
  );

  // Like a social sign-in, a passkey sign-in is remembered (30 days).
  const signInWithPasskey = useCallback(
    () => finishSignIn(async () => (await mfaSignIn()).signInWithPasskey(true)),
    [finishSignIn],
  );

  const register = useCallback(
    (input: RegisterInput) =>
      finishSignIn(
        () => registerRequest(input),
        () => i18n.t('auth:errors.registrationFailed'),
      ),
    [finishSignIn],
  );

  const logout = useCallback(async () => {
    ticket.current++;
    actionsRunning.current++;
    try {
      await logoutRequest();
    } catch (failure) {
      // Spec: a failed logout is only logged; the user is signed out locally all the same.
      console.warn('Logout failed', failure);
    } finally {
      actionsRunning.current--;
      clearAuthToken();
      setUser(null);
      setLoading(false);
    }
    window.location.assign(logoutRedirectUrl(env.authUrl, window.location.origin));
  }, [setUser]);

  const refresh = useCallback(() => runCheckRef.current(), []);

  const signedOut = useCallback(() => {
    ticket.current++; // a check already in flight must not bring the user back
    clearAuthToken();
    setUser(null);
    setLoading(false);
    queryClient.removeQueries({
      predicate: (query) => !(query.queryKey[0] === 'auth' && query.queryKey[1] === 'config'),
    });
  }, [queryClient, setUser]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      error,
      isAuthenticated: user !== null,
      login,
      completeMfa,
      signInWithPasskey,
      register,
      logout,
      refresh,
      signedOut,
    }),
    [user, loading, error, login, completeMfa, signInWithPasskey, register, logout, refresh, signedOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
