import { securityPolicyResponseSchema, type SecurityPolicy } from '@nuvem/contracts/ai-security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/** The policy's query key (beside workflowKeys' ones: it never changes while the server runs). */
export const securityPolicyKey = ['workflows', 'security-policy'] as const;

/** GET /api/ai-security/policy: what this deployment blocks on (layer, block level, thresholds, limits). */
export function getSecurityPolicy(signal?: AbortSignal): Promise<SecurityPolicy> {
  return apiRequest(`${env.aiSecurityApiUrl}/policy`, securityPolicyResponseSchema, { signal });
}

export function getSecurityPolicyQueryOptions() {
  return queryOptions({
    queryKey: securityPolicyKey,
    queryFn: ({ signal }) => getSecurityPolicy(signal),
    // Set by the server's configuration: the same until it restarts.
    staleTime: Infinity,
  });
}

export function useSecurityPolicy() {
  return useQuery(getSecurityPolicyQueryOptions());
}
