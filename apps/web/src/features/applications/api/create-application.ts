import { applicationCreatedResponseSchema, type CreateApplicationBody } from '@nuvem/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, applicationsRequest } from './applications-request';

/** POST /applications -> { success, application, clientSecret } (the secret is shown once). */
export function createApplication(body: CreateApplicationBody) {
  return applicationsRequest('/applications', applicationCreatedResponseSchema, { method: 'POST', body });
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
