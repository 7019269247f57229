import { apiKeyListResponseSchema } from '@nuvem/contracts/applications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys, applicationsRequest } from './applications-request';

/** GET /applications/{id}/keys[?include_revoked=true] -> { success, keys } (never the key itself). */
export function getApiKeys(applicationId: string, includeRevoked = false) {
  const query = includeRevoked ? '?include_revoked=true' : '';
  return applicationsRequest(
    `/applications/${encodeURIComponent(applicationId)}/keys${query}`,
    apiKeyListResponseSchema,
  ).then((r) => r.keys);
}

export function getApiKeysQueryOptions(applicationId: string, includeRevoked = false) {
  return queryOptions({
    queryKey: applicationKeys.keys(applicationId, includeRevoked),
    queryFn: () => getApiKeys(applicationId, includeRevoked),
  });
}

export function useApiKeys(applicationId: string | undefined, includeRevoked = false) {
  return useQuery({ ...getApiKeysQueryOptions(applicationId ?? '', includeRevoked), enabled: Boolean(applicationId) });
}
