import { MAX_URIS_PER_APPLICATION, uriRuleOf, type UriRule } from '@nuvem/contracts/applications';
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

/**
 * Why a list would be refused, in a form a message can be written from: the rule an entry broke
 * (the contract's), an entry longer than the contract allows, or more entries than it keeps.
 */
export type ListIssue =
  | { rule: UriRule; entry: string }
  | { rule: 'entryTooLong'; entry: string; count: number }
  | { rule: 'invalidEntry'; entry: string }
  | { rule: 'tooMany'; count: number };

/** The first problem the server would find with the list (checked by the contract's schema for an entry). */
export function listIssue(list: readonly string[], entrySchema: z.ZodType): ListIssue | undefined {
  if (list.length > MAX_URIS_PER_APPLICATION) return { rule: 'tooMany', count: MAX_URIS_PER_APPLICATION };
  for (const entry of list) {
    const result = entrySchema.safeParse(entry);
    if (result.success) continue;
    const issue = result.error.issues[0];
    if (issue?.code === 'too_big') return { rule: 'entryTooLong', entry, count: Number(issue.maximum) };
    const rule = uriRuleOf(issue?.message);
    return rule ? { rule, entry } : { rule: 'invalidEntry', entry };
  }
  return undefined;
}
