import { loginResponseSchema, type LoginBody, type LoginResponse } from '@nuvem/contracts/auth';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

export type LoginInput = LoginBody;

/**
 * POST /auth/login: signs in with e-mail and password; the reply sets the session cookie. An
 * account with a second factor gets `mfa_required` and a ticket instead (no cookie yet).
 */
export function login({ email, password, rememberMe = false }: LoginInput): Promise<LoginResponse> {
  return apiRequest(`${env.authUrl}/auth/login`, loginResponseSchema, {
    method: 'POST',
    sessionBound: false,
    body: { email, password, rememberMe },
    withToken: false,
  });
}
