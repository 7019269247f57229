import { accountEmailSuccessSchema, type ChangePasswordBody } from '@nuvem/contracts/account-email';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /auth/password/change: the current password (and a second-factor code when the account has
 * one) for a new one; the other sessions end. A wrong password is a 401 answer, not an ended session.
 */
export function changePassword(body: ChangePasswordBody) {
  return apiRequest(`${env.authUrl}/auth/password/change`, accountEmailSuccessSchema, {
    withToken: false,
    method: 'POST',
    body,
    sessionBound: false,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
