import { containerActionResponseSchema, type ContainerActionBody } from '@nuvem/contracts/containers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { containerKeys, containerRequest } from './container-request';

/** POST /containers/{id}/actions {action, parameters}: start, stop, restart, snapshot {name}, scale {tier}. */
export function runContainerAction({ id, ...body }: ContainerActionBody & { id: string }) {
  return containerRequest(`/containers/${encodeURIComponent(id)}/actions`, containerActionResponseSchema, {
    method: 'POST',
    body,
  });
}

export function useContainerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runContainerAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: containerKeys.all }),
  });
}
