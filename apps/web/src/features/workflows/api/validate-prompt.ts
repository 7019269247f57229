import {
  validatePromptResponseSchema,
  type ValidatePromptBody,
  type ValidatePromptResponse,
} from '@nuvem/contracts/ai-security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { leftRecord } from '../lib/prompt-check';
import { workflowKeys } from './workflow-keys';

/** Spec 2, "Security layer": a check that takes longer has failed (and the caller blocks). */
export const SECURITY_LAYER_TIMEOUT_MS = 10_000;

/**
 * POST /api/ai-security/validate-prompt: the verdict on a prompt (safe, violations, threat level).
 * 413 over the size limit, 429 past the rate limit, 503 SECURITY_LAYER_OFFLINE when the layer did
 * not answer; a call that gets no answer in time fails like an unreachable server (status 0).
 */
export function validatePrompt(body: ValidatePromptBody): Promise<ValidatePromptResponse> {
  return apiRequest(`${env.aiSecurityApiUrl}/validate-prompt`, validatePromptResponseSchema, {
    method: 'POST',
    body,
    signal: AbortSignal.timeout(SECURITY_LAYER_TIMEOUT_MS),
  });
}

/** Checks a prompt; a blocked one is recorded by the server, so the records are fetched again. */
export function useValidatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validatePrompt,
    onSettled: (result, error) => {
      if (leftRecord(result, error)) return queryClient.invalidateQueries({ queryKey: workflowKeys.securityEvents });
      return undefined;
    },
  });
}
