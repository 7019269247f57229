import { MAX_URIS_PER_APPLICATION, originSchema, redirectUriSchema } from '@nuvem/contracts/applications';
import type { z } from 'zod';

/**
 * Spec 5: redirect URIs and allowed origins are typed comma-separated; each entry is trimmed and
 * empty entries are dropped.
 */
export function parseCommaList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The text a comma-separated field starts with for a stored list (the inverse of parseCommaList). */
export function formatCommaList(list: readonly string[]): string {
  return list.join(', ');
}

/** Lists longer than the server accepts are refused before sending. */
export const MAX_LIST_ENTRIES = MAX_URIS_PER_APPLICATION;

function firstIssue(list: readonly string[], schema: z.ZodType): string | undefined {
  if (list.length > MAX_LIST_ENTRIES) return `At most ${MAX_LIST_ENTRIES} entries`;
  for (const entry of list) {
    const result = schema.safeParse(entry);
    if (!result.success) return `"${entry}" ${result.error.issues[0]?.message ?? 'is not valid'}`;
  }
  return undefined;
}

/** What is wrong with a list of redirect URIs (the contract's rule), or undefined when nothing is. */
export function redirectUrisIssue(list: readonly string[]): string | undefined {
  return firstIssue(list, redirectUriSchema);
}

/** What is wrong with a list of allowed origins, or undefined when nothing is. */
export function allowedOriginsIssue(list: readonly string[]): string | undefined {
  return firstIssue(list, originSchema);
}
