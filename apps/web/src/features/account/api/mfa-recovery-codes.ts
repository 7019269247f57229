import { recoveryCodesResponseSchema } from '@nuvem/contracts/mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { mfaKeys } from './mfa-status';

/** POST /auth/mfa/recovery-codes -> ten new codes (the old ones stop working), for a current code. */
export function regenerateRecoveryCodes(code: string) {
  return apiRequest(`${env.authUrl}/auth/mfa/recovery-codes`, recoveryCodesResponseSchema, {
    withToken: false,
    method: 'POST',
    body: { code },
  }).then((reply) => reply.recovery_codes);
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}
