import type { SignInErrorCode } from '@nuvem/contracts/auth';
import type { SocialProfile } from '../social-sign-in.service.js';

export interface AuthorizationRequest {
  state: string;
  codeChallenge: string;
  nonce: string;
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

/** One social identity provider: where to send the browser, and how to turn its code into a profile. */
export interface OAuthDriver {
  readonly provider: SocialProfile['provider'];
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /** Exchanges the code and returns the verified profile; throws OAuthError when the provider refuses. */
  exchange(exchange: CodeExchange): Promise<SocialProfile>;
}

/**
 * A provider answered with an error or something we cannot trust: the sign-in fails cleanly. The
 * message is for the log; the browser is told only `code`, one of the sign-in page's fixed messages.
 */
export class OAuthError extends Error {
  constructor(
    message: string,
    readonly code: SignInErrorCode = 'social_failed',
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

const TIMEOUT_MS = 10_000;

/** A JSON call to a provider with a time limit; a non-2xx answer is an OAuthError. */
export async function fetchJson(url: string, init: RequestInit, what: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new OAuthError(`${what}: ${error instanceof Error ? error.message : 'request failed'}`, 'social_unavailable');
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok)
    throw new OAuthError(`${what}: HTTP ${res.status}`, res.status >= 500 ? 'social_unavailable' : 'social_failed');
  return body;
}
