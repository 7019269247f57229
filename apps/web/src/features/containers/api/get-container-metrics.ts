import { containerMetricsResponseSchema } from '@nuvem/contracts/containers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { containerKeys, containerRequest } from './container-request';

/** The Metrics tab's 'Real-time' figures refresh this often. */
export const METRICS_REFRESH_MS = 5_000;

/** GET /containers/{id}/metrics: every detail field of the spec. */
export function getContainerMetrics(id: string) {
  return containerRequest(`/containers/${encodeURIComponent(id)}/metrics`, containerMetricsResponseSchema).then(
    (r) => r.metrics,
  );
}

export function getContainerMetricsQueryOptions(id: string) {
  return queryOptions({
    queryKey: containerKeys.metrics(id),
    queryFn: () => getContainerMetrics(id),
    refetchInterval: METRICS_REFRESH_MS,
  });
}

export function useContainerMetrics(id: string, enabled = true) {
  return useQuery({ ...getContainerMetricsQueryOptions(id), enabled });
}
