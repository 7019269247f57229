import { secretRotatedResponseSchema } from '@nuvem/contracts/applications';
import { useMutation } from '@tanstack/react-query';
import { applicationsRequest } from './applications-request';

/** POST /applications/{id}/secret/rotate -> the new secret (once); the old one stays valid for a grace period. */
export function rotateClientSecret(id: string) {
  return applicationsRequest(`/applications/${encodeURIComponent(id)}/secret/rotate`, secretRotatedResponseSchema, {
    method: 'POST',
  });
}

export function useRotateClientSecret() {
  return useMutation({ mutationFn: rotateClientSecret });
}
