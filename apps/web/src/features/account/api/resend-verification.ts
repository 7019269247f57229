import { resendVerificationResponseSchema } from '@nuvem/contracts/account-email';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/email/verify/resend: a new verification link, or `already_verified`. */
export function resendVerification() {
  return apiRequest(`${env.authUrl}/auth/email/verify/resend`, resendVerificationResponseSchema, { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
