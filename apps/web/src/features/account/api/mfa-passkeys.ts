import {
  mfaStatusSchema,
  passkeyCreationOptionsResponseSchema,
  passkeyRegisterResponseSchema,
  passkeyResponseSchema,
  type IdentityProof,
} from '@nuvem/contracts/mfa';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { mfaKeys } from './mfa-status';

/**
 * Adds a passkey: POST /auth/passkeys/options (with the password, or a code for an account
 * without one), the browser's ceremony (the device asks for a
 * fingerprint, face or PIN), then POST /auth/passkeys with the new credential. The reply carries
 * recovery codes when this is the account's first second factor.
 */
export async function addPasskey({ name, ...proof }: { name: string } & IdentityProof) {
  const { options } = await apiRequest(`${env.authUrl}/auth/passkeys/options`, passkeyCreationOptionsResponseSchema, {
    withToken: false,
    method: 'POST',
    body: proof,
  });
  const credential = await startRegistration({ optionsJSON: options });
  return apiRequest(`${env.authUrl}/auth/passkeys`, passkeyRegisterResponseSchema, {
    withToken: false,
    method: 'POST',
    body: { name, credential },
  });
}

/** PATCH /auth/passkeys/:id -> the renamed passkey. */
export function renamePasskey({ id, name }: { id: string; name: string }) {
  return apiRequest(`${env.authUrl}/auth/passkeys/${encodeURIComponent(id)}`, passkeyResponseSchema, {
    withToken: false,
    method: 'PATCH',
    body: { name },
  });
}

/** DELETE /auth/passkeys/:id with the password (or a code) -> the account's factors after it. */
export function deletePasskey({ id, ...proof }: { id: string; password?: string; code?: string }) {
  return apiRequest(`${env.authUrl}/auth/passkeys/${encodeURIComponent(id)}`, mfaStatusSchema, {
    withToken: false,
    method: 'DELETE',
    body: proof,
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSuccess: (status) => queryClient.setQueryData(mfaKeys.status, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}
