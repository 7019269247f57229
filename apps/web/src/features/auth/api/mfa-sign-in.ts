import { authSuccessSchema, type AuthSuccess } from '@nuvem/contracts/auth';
import { passkeyRequestOptionsResponseSchema } from '@nuvem/contracts/mfa';
import { startAuthentication } from '@simplewebauthn/browser';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/**
 * The sign-in's second step. `ticket` comes from the login reply; after a social sign-in it is in
 * an HttpOnly cookie instead, and is left out here.
 */
export interface MfaVerifyInput {
  ticket?: string | undefined;
  code: string;
}

/** POST /auth/mfa/verify with a TOTP or recovery code -> signed in (the reply sets the cookie). */
export function verifyMfaCode({ ticket, code }: MfaVerifyInput): Promise<AuthSuccess> {
  return apiRequest(`${env.authUrl}/auth/mfa/verify`, authSuccessSchema, {
    method: 'POST',
    body: { ticket, code },
    withToken: false,
    sessionBound: false,
  });
}

/**
 * The second step with a passkey: POST /auth/mfa/passkey/options (the account's passkeys), the
 * browser's prompt, then POST /auth/mfa/verify with the signature.
 */
export async function verifyMfaPasskey(ticket: string | undefined): Promise<AuthSuccess> {
  const { options } = await apiRequest(`${env.authUrl}/auth/mfa/passkey/options`, passkeyRequestOptionsResponseSchema, {
    method: 'POST',
    body: { ticket },
    withToken: false,
    sessionBound: false,
  });
  const passkey = await startAuthentication({ optionsJSON: options });
  return apiRequest(`${env.authUrl}/auth/mfa/verify`, authSuccessSchema, {
    method: 'POST',
    body: { ticket, passkey },
    withToken: false,
    sessionBound: false,
  });
}

/**
 * Passwordless sign-in: POST /auth/passkey/options, the browser's prompt (any passkey this site
 * gave the user; the device checks it is them), then POST /auth/passkey/verify.
 */
export async function signInWithPasskey(rememberMe: boolean): Promise<AuthSuccess> {
  const { options } = await apiRequest(`${env.authUrl}/auth/passkey/options`, passkeyRequestOptionsResponseSchema, {
    method: 'POST',
    body: {},
    withToken: false,
    sessionBound: false,
  });
  const credential = await startAuthentication({ optionsJSON: options });
  return apiRequest(`${env.authUrl}/auth/passkey/verify`, authSuccessSchema, {
    method: 'POST',
    body: { credential, rememberMe },
    withToken: false,
    sessionBound: false,
  });
}
