import { CONTAINER_LIST_REFRESH_MS, containerSummaryResponseSchema } from '@nuvem/contracts/containers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { containerKeys, containerRequest } from './container-request';

/** GET /containers/summary: the Overview's counts, averages and network total. */
export function getContainerSummary() {
  return containerRequest('/containers/summary', containerSummaryResponseSchema).then((r) => r.summary);
}

export function getContainerSummaryQueryOptions() {
  return queryOptions({
    queryKey: containerKeys.summary,
    queryFn: getContainerSummary,
    refetchInterval: CONTAINER_LIST_REFRESH_MS,
  });
}

export function useContainerSummary() {
  return useQuery(getContainerSummaryQueryOptions());
}
