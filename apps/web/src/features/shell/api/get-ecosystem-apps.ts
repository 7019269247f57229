import { ecosystemAppsResponseSchema, type EcosystemAppsResponse } from '@nuvem/contracts/ecosystem';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { hasPendingChecks } from '../lib/ecosystem-status';

/** GET /api/ecosystem/apps: the integrated applications, their status and what the server's checks found. */
export function getEcosystemApps(signal?: AbortSignal): Promise<EcosystemAppsResponse> {
  return apiRequest('/api/ecosystem/apps', ecosystemAppsResponseSchema, {
    signal,
    withToken: false,
    sessionBound: false,
  });
}

/** `language`: the page's (the apps are described in it, so each language has its own entry). */
export function getEcosystemAppsQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['ecosystem', 'apps', language],
    queryFn: ({ signal }) => getEcosystemApps(signal),
    // Statuses come from the server's checks, cached there for a minute: as fresh as a minute.
    staleTime: 60_000,
    // An app whose first check is still running: ask again shortly rather than show it unchecked.
    refetchInterval: (query) => (query.state.data && hasPendingChecks(query.state.data.apps) ? 5_000 : false),
  });
}

export function useEcosystemApps({ enabled = true }: { enabled?: boolean } = {}) {
  const { i18n } = useTranslation();
  // Another language: the list stays on screen while its descriptions in that language arrive.
  return useQuery({
    ...getEcosystemAppsQueryOptions(i18n.resolvedLanguage ?? i18n.language),
    enabled,
    placeholderData: keepPreviousData,
  });
}
