import { forgotPasswordResponseSchema } from '@nuvem/contracts/account-email';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/password/forgot: always 202 (the reply never says whether the account exists). */
export function forgotPassword(email: string) {
  return apiRequest(`${env.authUrl}/auth/password/forgot`, forgotPasswordResponseSchema, {
    method: 'POST',
    body: { email },
    sessionBound: false,
    withToken: false,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
