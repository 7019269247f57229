import {
  mfaStatusSchema,
  totpConfirmResponseSchema,
  totpSetupResponseSchema,
  type IdentityProof,
  type MfaStatus,
} from '@nuvem/contracts/mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { mfaKeys } from './mfa-status';

/**
 * POST /auth/mfa/totp/setup with the password (or a code, for an account without one) -> a new
 * secret (base32 and otpauth:// URI), shown once.
 */
export function startTotpSetup(proof: IdentityProof) {
  return apiRequest(`${env.authUrl}/auth/mfa/totp/setup`, totpSetupResponseSchema, {
    withToken: false,
    method: 'POST',
    body: proof,
  });
}

/** POST /auth/mfa/totp/confirm -> the app is on; recovery codes when the account had none. */
export function confirmTotp(code: string) {
  return apiRequest(`${env.authUrl}/auth/mfa/totp/confirm`, totpConfirmResponseSchema, {
    withToken: false,
    method: 'POST',
    body: { code },
  });
}

/** POST /auth/mfa/totp/disable -> the account's factors after turning the app off. */
export function disableTotp(proof: { password?: string; code: string }): Promise<MfaStatus> {
  return apiRequest(`${env.authUrl}/auth/mfa/totp/disable`, mfaStatusSchema, {
    withToken: false,
    method: 'POST',
    body: proof,
  });
}

export function useStartTotpSetup() {
  return useMutation({ mutationFn: startTotpSetup });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: (status) => queryClient.setQueryData(mfaKeys.status, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}
