import {
  apiKeyFieldSchemas,
  apiKeyScopes,
  DEFAULT_KEY_EXPIRY_DAYS,
  type ApiKeyScope,
} from '@nuvem/contracts/applications';
import { z } from 'zod';

const WHOLE_NUMBER = /^[+-]?\d+$/;

/**
 * Spec 5: the expiry is an integer of days and falls back to 365 when it is not one ('', '30.5',
 * 'soon'). A whole number is kept as typed, even out of range: the contract's bounds report that.
 */
export function parseExpiryDays(input: string): number {
  const trimmed = input.trim();
  if (!WHOLE_NUMBER.test(trimmed)) return DEFAULT_KEY_EXPIRY_DAYS;
  const days = Number(trimmed);
  return Number.isSafeInteger(days) ? days : DEFAULT_KEY_EXPIRY_DAYS;
}

/** True when the text is not a whole number, so the key will get the default expiry. */
export function expiryFallsBack(input: string): boolean {
  const trimmed = input.trim();
  return !WHOLE_NUMBER.test(trimmed) || !Number.isSafeInteger(Number(trimmed));
}

/**
 * The 'Generate New API Key' form, checked by the contract's own pieces: the expiry is held as
 * text (spec 5's fallback), then parsed and bounded as the server bounds it.
 */
export const apiKeyFormSchema = z.object({
  name: apiKeyFieldSchemas.name,
  description: apiKeyFieldSchemas.description,
  expiresIn: z.string().transform(parseExpiryDays).pipe(apiKeyFieldSchemas.expiresIn),
  scopes: apiKeyFieldSchemas.scopes,
});

/** The form as typed. */
export type ApiKeyFormValues = z.input<typeof apiKeyFormSchema>;
/** The form once checked: trimmed text, the expiry in days. */
export type ApiKeyFormOutput = z.output<typeof apiKeyFormSchema>;

export interface CreateApiKeyPayload {
  applicationId: string;
  name: string;
  description?: string;
  scopes: ApiKeyScope[];
  expiresIn: number;
}

export const initialApiKeyForm: ApiKeyFormValues = {
  name: '',
  description: '',
  expiresIn: String(DEFAULT_KEY_EXPIRY_DAYS),
  scopes: [...apiKeyScopes],
};

/** The POST /applications/{id}/keys payload: the description only when given, scopes in canonical order. */
export function buildCreateApiKeyPayload(applicationId: string, values: ApiKeyFormOutput): CreateApiKeyPayload {
  return {
    applicationId,
    name: values.name,
    ...(values.description ? { description: values.description } : {}),
    scopes: apiKeyScopes.filter((scope) => values.scopes.includes(scope)),
    expiresIn: values.expiresIn,
  };
}
