import { verifyEmailResponseSchema, type VerifyEmailResponse } from '@nuvem/contracts/account-email';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /auth/email/verify: follows a mailed link (verify the address, confirm a new one, or claim
 * the account by a social sign-in; the reply says which). A claim may sign this browser in.
 */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiRequest(`${env.authUrl}/auth/email/verify`, verifyEmailResponseSchema, {
    method: 'POST',
    body: { token },
    sessionBound: false,
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
