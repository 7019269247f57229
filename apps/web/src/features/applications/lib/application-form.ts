import { applicationNameSchema, originSchema, redirectUriSchema, uriRuleOf } from '@nuvem/contracts/applications';
import { z } from 'zod';
import { listIssue, parseCommaList, type ListIssue } from './parse-list';

/** A comma-separated field checked entry by entry with the contract's schema; its value is the list. */
function commaListField(entrySchema: z.ZodType) {
  return z
    .string()
    .superRefine((text, ctx) => {
      const issue = listIssue(parseCommaList(text), entrySchema);
      // The issue's params say which entry and rule, so the form can word it in the user's language.
      if (issue) ctx.addIssue({ code: 'custom', message: issue.rule, params: issue });
    })
    .transform(parseCommaList);
}

/**
 * Name, redirect URIs and allowed origins as the create dialog and the Settings tab hold them (the
 * lists as comma-separated text), checked by the contract's rules; the output is the request body.
 */
export const applicationFormSchema = z.object({
  name: applicationNameSchema,
  redirectUris: commaListField(redirectUriSchema),
  allowedOrigins: commaListField(originSchema),
});

export type ApplicationFormValues = z.input<typeof applicationFormSchema>;
export type ApplicationFormBody = z.output<typeof applicationFormSchema>;
export const applicationFormFields = ['name', 'redirectUris', 'allowedOrigins'] as const;
export type ApplicationListField = 'redirectUris' | 'allowedOrigins';

export const emptyApplicationForm: ApplicationFormValues = { name: '', redirectUris: '', allowedOrigins: '' };

/** The list issue a client-side check attached to a field's problem, if it was one. */
export function listIssueOf(issue: unknown): ListIssue | undefined {
  const params = (issue as { params?: unknown } | null)?.params;
  return params && typeof params === 'object' && 'rule' in params ? (params as ListIssue) : undefined;
}

/**
 * The list issue behind a server's 400 detail about a list ('body.redirectUris.1' with the
 * contract's message), with the entry read back from the text that was sent.
 */
export function serverListIssue(
  detail: {
    path?: unknown;
    code?: string | undefined;
    origin?: string | undefined;
    maximum?: unknown;
    message?: string | undefined;
  },
  sentText: string,
): ListIssue | undefined {
  if (typeof detail.path !== 'string') return undefined;
  const last = detail.path.split('.').at(-1) ?? '';
  if (!/^\d+$/.test(last)) {
    return detail.code === 'too_big' ? { rule: 'tooMany', count: Number(detail.maximum) } : undefined;
  }
  const entry = parseCommaList(sentText)[Number(last)];
  if (entry === undefined) return undefined;
  if (detail.code === 'too_big') return { rule: 'entryTooLong', entry, count: Number(detail.maximum) };
  const rule = uriRuleOf(detail.message);
  return rule ? { rule, entry } : { rule: 'invalidEntry', entry };
}
