import { applicationListResponseSchema } from '@nuvem/contracts/applications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys, applicationsRequest } from './applications-request';

/** GET /applications -> { success, applications }. */
export function getApplications() {
  return applicationsRequest('/applications', applicationListResponseSchema).then((r) => r.applications);
}

export function getApplicationsQueryOptions() {
  return queryOptions({ queryKey: applicationKeys.list, queryFn: getApplications });
}

export function useApplications() {
  return useQuery(getApplicationsQueryOptions());
}
