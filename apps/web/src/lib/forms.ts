import type { ValidationIssue } from '@nuvem/contracts/common';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { formatCount } from './format';

/**
 * What a form needs to know of a failed check, from zod in the browser or from the server's
 * `details`: the code and its figures, so the message can be written in the user's language.
 */
export interface IssueLike {
  code?: string | undefined;
  message?: string | undefined;
  origin?: string | undefined;
  minimum?: number | bigint | undefined;
  maximum?: number | bigint | undefined;
  format?: string | undefined;
  expected?: string | undefined;
  input?: unknown;
}

/**
 * A per-form say on a field's message: return a text for an issue (a regex's hint in plain words,
 * a refine's rule), or undefined to use the general one.
 */
export type FieldMessages = (field: string, issue: IssueLike) => string | undefined;

/** A check that failed, in plain words in the language in use. */
export function issueMessage(t: TFunction, issue: IssueLike): string {
  const count = (value: number | bigint | undefined) => Number(value ?? 0);
  // `count` picks the plural form; `n` is the same figure written for the reader ('2,000').
  const figures = (value: number | bigint | undefined) => ({ count: count(value), n: formatCount(count(value)) });
  const listy = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        return count(issue.minimum) <= 1 ? t('form.required') : t('form.tooShort', figures(issue.minimum));
      }
      if (listy) return t('form.tooFewItems', figures(issue.minimum));
      return t('form.tooSmall', figures(issue.minimum));
    case 'too_big':
      if (issue.origin === 'string') return t('form.tooLong', figures(issue.maximum));
      if (listy) return t('form.tooManyItems', figures(issue.maximum));
      return t('form.tooBig', figures(issue.maximum));
    case 'invalid_format':
      if (issue.format === 'email') return t('form.email');
      if (issue.format === 'url') return t('form.url');
      return t('form.invalid');
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return t('form.required');
      if (issue.expected === 'int') return t('form.notInteger');
      return t('form.invalid');
    case 'invalid_value':
    case 'invalid_union':
      return t('form.invalidOption');
    case 'not_multiple_of':
      return t('form.notInteger');
    default:
      return issue.message || t('form.invalid');
  }
}

/**
 * react-hook-form's resolver for a zod schema from `packages/contracts` (or one built from its
 * pieces): the same rules as the server, with each message in plain words beside its field.
 */
export function contractResolver<S extends z.ZodType<FieldValues>>(
  schema: S,
  t: TFunction,
  fieldMessages?: FieldMessages,
): Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as z.output<S> & FieldValues, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || 'root';
      if (errors[field]) continue; // the first problem of a field is the one to fix first
      const message = fieldMessages?.(field, issue) ?? issueMessage(t, issue);
      errors[field] = { type: issue.code, message };
    }
    return { values: {}, errors: nest(errors) as FieldErrors<z.input<S> & FieldValues> };
  };
}

/** { 'a.b': x } -> { a: { b: x } }, the shape react-hook-form keeps its errors in. */
function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    const parts = path.split('.');
    const leaf = parts.pop() ?? path;
    let node = out;
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    node[leaf] = value;
  }
  return out;
}

export interface ContractFormOptions<S extends z.ZodType<FieldValues>> extends Omit<
  UseFormProps<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>,
  'resolver'
> {
  fieldMessages?: FieldMessages;
}

/**
 * A react-hook-form form checked by a contract schema. Errors show once a field was left or the
 * form submitted, then follow every keystroke.
 */
export function useContractForm<S extends z.ZodType<FieldValues>>(
  schema: S,
  { fieldMessages, ...options }: ContractFormOptions<S> = {},
): UseFormReturn<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  const { t, i18n } = useTranslation();
  // The resolver follows the language, so messages shown after a switch are in the new one.
  const resolver = useMemo(
    () => contractResolver(schema, t, fieldMessages),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fieldMessages is read per call
    [schema, t, i18n.language],
  );
  return useForm({ mode: 'onTouched', ...options, resolver });
}

/** The server's field path ('body.email', 'body.names.1') as the form's field name ('email'). */
export function fieldOfPath(path: string): string {
  return path.replace(/^(body|query|params|querystring)\./, '');
}

/**
 * Puts a failed request's per-field problems beside their fields. Returns true when at least one
 * problem was placed (the caller then need not show a toast), false when the failure is not about
 * a field the form has.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  t: TFunction,
  { fields, fieldMessages }: { fields: readonly string[]; fieldMessages?: FieldMessages },
): boolean {
  if (!(error instanceof ApiError) || !error.details?.length) return false;
  let placed = false;
  for (const detail of error.details as (ValidationIssue & IssueLike)[]) {
    const field = fieldOfPath(detail.path).split('.')[0] ?? '';
    if (!fields.includes(field)) continue;
    const message = fieldMessages?.(field, detail) ?? issueMessage(t, detail);
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
