import { mfaStatusSchema } from '@nuvem/contracts/mfa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the second factor: every change invalidates `mfaKeys.all`. */
export const mfaKeys = {
  all: ['account', 'mfa'] as const,
  status: ['account', 'mfa', 'status'] as const,
};

/** GET /auth/mfa -> the account's second factors (TOTP app, recovery codes left, passkeys). */
export function getMfaStatus() {
  return apiRequest(`${env.authUrl}/auth/mfa`, mfaStatusSchema);
}

export function getMfaStatusQueryOptions() {
  return queryOptions({ queryKey: mfaKeys.status, queryFn: getMfaStatus });
}

export function useMfaStatus() {
  return useQuery(getMfaStatusQueryOptions());
}
