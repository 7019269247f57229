import {
  CONTAINER_LIST_REFRESH_MS,
  CONTAINER_PAGE_SIZE,
  containerListResponseSchema,
} from '@nuvem/contracts/containers';
import type { ContainerStatus } from '@nuvem/contracts/containers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { containerKeys, containerRequest } from './container-request';

export interface ContainerListParams {
  page?: number;
  perPage?: number;
  status?: ContainerStatus | undefined;
}

/** GET /containers?page&per_page&status (spec defaults: page 1, 10 per page). */
export function getContainers({ page = 1, perPage = CONTAINER_PAGE_SIZE, status }: ContainerListParams = {}) {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (status) query.set('status', status);
  return containerRequest(`/containers?${query.toString()}`, containerListResponseSchema);
}

export function getContainersQueryOptions(params: ContainerListParams = {}) {
  const page = params.page ?? 1;
  const perPage = params.perPage ?? CONTAINER_PAGE_SIZE;
  return queryOptions({
    queryKey: containerKeys.list({ page, perPage, status: params.status }),
    queryFn: () => getContainers({ page, perPage, status: params.status }),
    // Spec: the list refreshes every 30 s (and on demand).
    refetchInterval: CONTAINER_LIST_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useContainers(params: ContainerListParams = {}) {
  return useQuery(getContainersQueryOptions(params));
}
