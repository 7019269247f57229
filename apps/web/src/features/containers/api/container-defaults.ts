import { containerDefaultsResponseSchema, type ContainerDefaults } from '@nuvem/contracts/containers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { containerKeys, containerRequest } from './container-request';

/** GET /containers/defaults: the user's defaults for new containers. */
export function getContainerDefaults() {
  return containerRequest('/containers/defaults', containerDefaultsResponseSchema).then((r) => r.defaults);
}

export function getContainerDefaultsQueryOptions() {
  return queryOptions({ queryKey: containerKeys.defaults, queryFn: getContainerDefaults, staleTime: Infinity });
}

export function useContainerDefaults() {
  return useQuery(getContainerDefaultsQueryOptions());
}

/** PUT /containers/defaults. */
export function saveContainerDefaults(defaults: ContainerDefaults) {
  return containerRequest('/containers/defaults', containerDefaultsResponseSchema, {
    method: 'PUT',
    body: defaults,
  }).then((r) => r.defaults);
}

export function useSaveContainerDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContainerDefaults,
    onSuccess: (saved) => queryClient.setQueryData(containerKeys.defaults, saved),
  });
}
