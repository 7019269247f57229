import { accountEmailSuccessSchema, type ChangeEmailBody } from '@nuvem/contracts/account-email';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /auth/email/change: mails a confirmation link to the new address (nothing changes until it
 * is followed). A wrong password is a 401 answer, not an ended session.
 */
export function changeEmail(body: ChangeEmailBody) {
  return apiRequest(`${env.authUrl}/auth/email/change`, accountEmailSuccessSchema, {
    withToken: false,
    method: 'POST',
    body,
    sessionBound: false,
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
