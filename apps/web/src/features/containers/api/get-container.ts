import { containerResponseSchema } from '@nuvem/contracts/containers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { containerKeys, containerRequest } from './container-request';

/** GET /containers/{id}. */
export function getContainer(id: string) {
  return containerRequest(`/containers/${encodeURIComponent(id)}`, containerResponseSchema).then((r) => r.container);
}

export function getContainerQueryOptions(id: string) {
  return queryOptions({ queryKey: containerKeys.detail(id), queryFn: () => getContainer(id) });
}

export function useContainer(id: string) {
  return useQuery(getContainerQueryOptions(id));
}
