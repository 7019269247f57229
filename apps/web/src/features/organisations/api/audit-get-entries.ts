import { auditResponseSchema } from '@nuvem/contracts/orgs';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPath, type AuditFilters } from './audit-query';
import { orgSettingsKeys, orgsRequest } from './org-settings-request';

/** GET /api/orgs/:id/audit?…&before= -> { entries, next_before } (audit:read), newest first. */
export function getAuditEntries(
  organisationId: string,
  filters: AuditFilters,
  before: string | null = null,
  signal?: AbortSignal,
) {
  return orgsRequest(auditPath(organisationId, filters, { before }), auditResponseSchema, { signal });
}

export function getAuditEntriesQueryOptions(organisationId: string, filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: orgSettingsKeys.audit(organisationId, filters),
    queryFn: ({ pageParam, signal }) => getAuditEntries(organisationId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before,
  });
}

/** The log page by page: `fetchNextPage()` is 'Load more'. */
export function useAuditEntries(organisationId: string, filters: AuditFilters) {
  return useInfiniteQuery(getAuditEntriesQueryOptions(organisationId, filters));
}
