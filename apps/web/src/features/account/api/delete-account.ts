import { deleteAccountResponseSchema, type DeleteAccountBody } from '@nuvem/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /account/delete: the password (and a code with a second factor) and the typed address. Only
 * the browser's session cookie may ask (no bearer token is sent); a wrong password is a 401 answer,
 * not an ended session.
 */
export function deleteAccount(body: DeleteAccountBody) {
  return apiRequest(`${env.authUrl}/account/delete`, deleteAccountResponseSchema, {
    method: 'POST',
    body,
    withToken: false,
    sessionBound: false,
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
