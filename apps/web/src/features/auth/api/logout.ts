import { DEFAULT_APPLICATION_ID, ssoLogoutResponseSchema } from '@nuvem/contracts/auth';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/** POST /sso/logout: ends the session on the server. */
export async function logout(applicationId: string = DEFAULT_APPLICATION_ID): Promise<void> {
  await apiRequest(`${env.authUrl}/sso/logout`, ssoLogoutResponseSchema, {
    method: 'POST',
    sessionBound: false,
    body: { application_id: applicationId },
  });
}
