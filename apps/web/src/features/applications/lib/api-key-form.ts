import { apiKeyScopes, DEFAULT_KEY_EXPIRY_DAYS, type ApiKeyScope } from '@nuvem/contracts/applications';

/** The server's bounds on `expiresIn` (createApiKeyBodySchema). */
export const MIN_KEY_EXPIRY_DAYS = 1;
export const MAX_KEY_EXPIRY_DAYS = 3650;

const WHOLE_NUMBER = /^[+-]?\d+$/;

/**
 * Spec 5: the expiry is an integer of days and falls back to 365 when it is not one ('', '30.5',
 * 'soon'). A whole number is kept as typed, even out of range: `expiryDaysError` reports that.
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

/** Why the server would refuse the typed expiry, or null: a whole number outside 1–3650. */
export function expiryDaysError(input: string): string | null {
  if (expiryFallsBack(input)) return null;
  const days = parseExpiryDays(input);
  return days < MIN_KEY_EXPIRY_DAYS || days > MAX_KEY_EXPIRY_DAYS
    ? `Choose between ${MIN_KEY_EXPIRY_DAYS} and ${MAX_KEY_EXPIRY_DAYS} days.`
    : null;
}

export interface ApiKeyFormValues {
  name: string;
  description: string;
  expiresIn: string;
  scopes: readonly ApiKeyScope[];
}

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
  scopes: apiKeyScopes,
};

/** Spec 5: a name is required; beyond the spec, at least one scope and an expiry the server accepts. */
export function canSubmitApiKeyForm(values: ApiKeyFormValues): boolean {
  return values.name.trim() !== '' && values.scopes.length > 0 && expiryDaysError(values.expiresIn) === null;
}

/** The POST /applications/{id}/keys payload: trimmed text, the description only when given, scopes in canonical order. */
export function buildCreateApiKeyPayload(applicationId: string, values: ApiKeyFormValues): CreateApiKeyPayload {
  const description = values.description.trim();
  return {
    applicationId,
    name: values.name.trim(),
    ...(description ? { description } : {}),
    scopes: apiKeyScopes.filter((scope) => values.scopes.includes(scope)),
    expiresIn: parseExpiryDays(values.expiresIn),
  };
}
