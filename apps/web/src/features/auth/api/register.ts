import { authSuccessSchema, type AuthSuccess, type RegisterBody } from '@nuvem/contracts/auth';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

export type RegisterInput = RegisterBody;

/** POST /auth/register: creates the account and signs it in (the reply sets the session cookie). */
export function register({ email, password, displayName }: RegisterInput): Promise<AuthSuccess> {
  return apiRequest(`${env.authUrl}/auth/register`, authSuccessSchema, {
    method: 'POST',
    sessionBound: false,
    body: { email, password, displayName },
    withToken: false,
  });
}
