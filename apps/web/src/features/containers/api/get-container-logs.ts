import { CONTAINER_LOG_LINES, containerLogsResponseSchema } from '@nuvem/contracts/containers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { containerKeys, containerRequest } from './container-request';

/** GET /containers/{id}/logs?lines=N (spec default 100): console lines, oldest first. */
export function getContainerLogs(id: string, lines: number = CONTAINER_LOG_LINES) {
  return containerRequest(
    `/containers/${encodeURIComponent(id)}/logs?lines=${lines}`,
    containerLogsResponseSchema,
  ).then((r) => r.logs);
}

export function getContainerLogsQueryOptions(id: string, lines: number = CONTAINER_LOG_LINES, followMs?: number) {
  return queryOptions({
    queryKey: containerKeys.logs(id, lines),
    queryFn: () => getContainerLogs(id, lines),
    refetchInterval: followMs ?? false,
    placeholderData: (previous) => previous,
  });
}

export function useContainerLogs(id: string, lines: number = CONTAINER_LOG_LINES, followMs?: number) {
  return useQuery(getContainerLogsQueryOptions(id, lines, followMs));
}
