import { accountEmailSuccessSchema, type ResetPasswordBody } from '@nuvem/contracts/account-email';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/password/reset: the new password; every session of the account ends. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest(`${env.authUrl}/auth/password/reset`, accountEmailSuccessSchema, {
    method: 'POST',
    body,
    sessionBound: false,
    withToken: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
