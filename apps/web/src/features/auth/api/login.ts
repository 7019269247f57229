import { authSuccessSchema, type AuthSuccess, type LoginBody } from '@nuvem/contracts/auth';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

export type LoginInput = LoginBody;

/** POST /auth/login: signs in with e-mail and password; the reply sets the session cookie. */
export function login({ email, password, rememberMe = false }: LoginInput): Promise<AuthSuccess> {
  return apiRequest(`${env.authUrl}/auth/login`, authSuccessSchema, {
    method: 'POST',
    sessionBound: false,
    body: { email, password, rememberMe },
    withToken: false,
  });
}
