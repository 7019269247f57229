import { containerDriverResponseSchema } from '@nuvem/contracts/containers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { containerKeys, containerRequest } from './container-request';

/** GET /containers/driver: 'lxd' or 'demo' (the UI shows a 'Demo mode' banner for the latter). */
export function getContainerDriver() {
  return containerRequest('/containers/driver', containerDriverResponseSchema).then((r) => r.driver);
}

export function getContainerDriverQueryOptions() {
  return queryOptions({ queryKey: containerKeys.driver, queryFn: getContainerDriver, staleTime: Infinity });
}

export function useContainerDriver() {
  return useQuery(getContainerDriverQueryOptions());
}
