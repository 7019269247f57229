import { containerResponseSchema, type CreateContainerBody } from '@nuvem/contracts/containers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { containerKeys, containerRequest } from './container-request';

/** POST /containers: the reply's container carries `ssh_command`. */
export function createContainer(body: CreateContainerBody) {
  return containerRequest('/containers', containerResponseSchema, { method: 'POST', body }).then((r) => r.container);
}

export function useCreateContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContainer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: containerKeys.all }),
  });
}
