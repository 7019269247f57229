import { metricsHistoryResponseSchema, type MetricRange } from '@nuvem/contracts/containers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { containerKeys, containerRequest } from './container-request';

/** GET /containers/{id}/metrics/history?range: the sampled points for the charts. */
export function getMetricsHistory(id: string, range: MetricRange) {
  return containerRequest(
    `/containers/${encodeURIComponent(id)}/metrics/history?range=${range}`,
    metricsHistoryResponseSchema,
  ).then((r) => r.points);
}

export function getMetricsHistoryQueryOptions(id: string, range: MetricRange) {
  return queryOptions({
    queryKey: containerKeys.history(id, range),
    queryFn: () => getMetricsHistory(id, range),
    refetchInterval: 15_000,
    placeholderData: (previous) => previous,
  });
}

export function useMetricsHistory(id: string, range: MetricRange, enabled = true) {
  return useQuery({ ...getMetricsHistoryQueryOptions(id, range), enabled });
}
