import { AI_SECURITY_MAX_PROMPT_BYTES, validatePromptBodySchema } from '@nuvem/contracts/ai-security';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import type { FieldMessages } from '@/lib/forms';

const encoder = new TextEncoder();

/** The prompt's size as the server measures it: UTF-8 bytes. */
export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

export function fitsPromptLimit(text: string): boolean {
  return utf8Bytes(text) <= AI_SECURITY_MAX_PROMPT_BYTES;
}

/**
 * The 'Check a prompt' form: the contract's body, with what the server would refuse refused here
 * first (an empty prompt, one over the contract's size limit). The prompt is sent exactly as typed:
 * the findings' offsets point into it, so it is never trimmed.
 */
export const promptCheckFormSchema = validatePromptBodySchema.extend({
  prompt: z.string().min(1).refine(fitsPromptLimit, { message: 'too_large' }),
});
export type PromptCheckFormValues = z.input<typeof promptCheckFormSchema>;

/** The size limit in words, the one rule the shared messages cannot word. */
export function promptCheckFieldMessages(t: TFunction<'workflows'>, limit: string): FieldMessages {
  return (field, issue) => (field === 'prompt' && issue.code === 'custom' ? t('check.tooLarge', { limit }) : undefined);
}

/** Why a check gave no verdict, as the 'Check a prompt' box tells it. */
export type CheckFailure =
  /** The layer did not answer (or could not be reached): the request is blocked (fail closed). */
  | { kind: 'offline' }
  /** 413 (over the size limit) or 429 (too many checks): the server's own words. */
  | { kind: 'refused'; message: string }
  /** 401: the session has ended; the shell replaces the dashboard with its sign-in prompt. */
  | { kind: 'session' }
  | { kind: 'other'; message: string };

export function checkFailure(error: unknown): CheckFailure {
  if (!(error instanceof ApiError)) {
    return { kind: 'other', message: error instanceof Error ? error.message : '' };
  }
  // Spec 2, section 8: a layer that cannot be reached blocks, whoever could not reach it.
  if (error.code === 'SECURITY_LAYER_OFFLINE' || error.status === 0) return { kind: 'offline' };
  if (error.status === 413 || error.status === 429) return { kind: 'refused', message: error.message };
  if (error.status === 401) return { kind: 'session' };
  return { kind: 'other', message: error.message };
}

/** Whether the check left a record on the server (a blocked prompt, a fail-closed one): the list is out of date. */
export function leftRecord(result: { safe: boolean } | undefined, error: unknown): boolean {
  if (result) return !result.safe;
  return error instanceof ApiError && error.code === 'SECURITY_LAYER_OFFLINE';
}
