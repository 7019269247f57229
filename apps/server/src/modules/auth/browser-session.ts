import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { SessionRow } from './auth.repository.js';
import { sessionOf, type RequestAuth } from './principal.js';

/**
 * How recent a sign-in must be to stand in for a password: an account with neither a password nor
 * a second factor (it signs in only socially) proves it is its owner by having signed in lately.
 */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/**
 * The caller of a change to the account's security (password, e-mail, second factors, sessions):
 * only the browser's own session, its cookie. A bearer token is refused: the SSO check hands it to
 * every ecosystem app, and none of them may change how the account signs in.
 */
export function browserSessionOf(request: FastifyRequest): Extract<RequestAuth, { session: SessionRow }> {
  const auth = sessionOf(request);
  if (auth.via !== 'cookie') {
    throw new AppError(403, 'Sign in to the portal in the browser to do this', 'COOKIE_SESSION_REQUIRED');
  }
  return auth;
}

/** 403 FRESH_SIGN_IN_REQUIRED unless the session began within FRESH_SIGN_IN_MS. */
export function requireFreshSignIn(signedInAt: Date | undefined): void {
  if (!signedInAt || Date.now() - signedInAt.getTime() > FRESH_SIGN_IN_MS) {
    throw new AppError(
      403,
      'Sign in again to confirm it is you, then make this change within 10 minutes',
      'FRESH_SIGN_IN_REQUIRED',
    );
  }
}
