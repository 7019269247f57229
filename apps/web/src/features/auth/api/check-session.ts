import { DEFAULT_APPLICATION_ID, ssoCheckResponseSchema, type SsoCheckResponse } from '@nuvem/contracts/auth';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /sso/check: is this browser signed in (by its session cookie)? The AuthProvider runs it on
 * its own schedule (start, every 30 s, window focus), so there is no query hook here.
 */
export function checkSession({
  applicationId = DEFAULT_APPLICATION_ID,
  signal,
}: { applicationId?: string; signal?: AbortSignal } = {}): Promise<SsoCheckResponse> {
  return apiRequest(
    `${env.authUrl}/sso/check?application_id=${encodeURIComponent(applicationId)}`,
    ssoCheckResponseSchema,
    // The cookie decides: a stale stored token must not answer for it.
    { signal, withToken: false, sessionBound: false },
  );
}
