import { z } from 'zod';

/**
 * Every failed request answers with this shape; the spec's clients read `error`
 * ("other failures use the response's error field").
 */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string().optional(),
  details: z.array(z.lazy(() => validationIssueSchema)).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Prefixed identifiers, so a log line says what an id is (see CONVENTIONS.md). */
export const idPrefixes = {
  user: 'usr',
  session: 'ses',
  application: 'app',
  apiKey: 'key',
  container: 'ctr',
  flow: 'flw',
  execution: 'exe',
  event: 'evt',
  enquiry: 'enq',
  experience: 'exp',
  education: 'edu',
  skill: 'skl',
  order: 'ord',
  ledger: 'led',
  invoice: 'inv',
  checkout: 'cs_sandbox',
  organiser: 'org',
  venue: 'ven',
  ticketType: 'tkt',
  registration: 'reg',
  securityEvent: 'sev',
  securityReport: 'sfa',
  knowledgeDocument: 'kdoc',
  tokenUsage: 'tku',
  mail: 'mail',
  workspace: 'wsp',
  invitation: 'ivt',
  audit: 'aud',
} as const;
export type IdKind = keyof typeof idPrefixes;

export const errorMessages = {
  notFound: 'Not found',
  internal: 'Internal server error',
  serviceUnavailable: 'Service unavailable',
  busy: 'The service is busy. Try again in a moment.',
  /** Text the database cannot store, refused in any parameter or body field. */
  nulCharacter: 'Text must not contain NUL characters',
  unpairedSurrogate: 'Text must be valid Unicode (no unpaired surrogates)',
} as const;

/**
 * Where a request failed validation. `path` is the field (`body.email`), `message` says why in plain
 * words ('Email must be a valid e-mail address'); `code` and its figures (zod's issue code:
 * too_small with `minimum`, too_big with `maximum`, invalid_format with `format`…) let a client
 * write the message in its own language.
 */
export const validationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
  origin: z.string().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  format: z.string().optional(),
  expected: z.string().optional(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** 'body.displayName' -> 'Display name', 'body.names.1' -> 'Names': a field's name in words. */
export function fieldLabel(path: string): string {
  const parts = path.split('.').filter((part) => !/^\d+$/.test(part));
  const last = (parts.length > 1 ? parts.at(-1) : parts[0]) ?? 'value';
  const words = last
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Value';
}

/**
 * A validation message as a sentence about its field: a predicate ('must be at most 63
 * characters') on body.name reads 'Name must be at most 63 characters'; a message that is already
 * a sentence ('This password is too common…') is kept as it is.
 */
export function fieldSentence(path: string, message: string): string {
  const text = message.trim() || 'is invalid';
  return /^[a-z]/.test(text) ? `${fieldLabel(path)} ${text}` : text;
}

type IssueForWords = {
  code: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  expected?: string;
  input?: unknown;
  values?: readonly unknown[];
};

/**
 * zod's own messages as predicates about a field ('is required', 'must be at most 64
 * characters'), for `fieldSentence`; the server installs it with `z.config({ customError })`.
 * A message a schema sets itself wins over these.
 */
export function predicateMessage(issue: IssueForWords): string | undefined {
  const n = (value: unknown) => Number(value);
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return issue.expected === 'int' ? 'must be a whole number' : `must be ${article(issue.expected ?? 'value')}`;
    case 'too_small':
      if (issue.origin === 'string')
        return n(issue.minimum) <= 1 ? 'is required' : `must be at least ${plural(n(issue.minimum), 'character')}`;
      if (issue.origin === 'array') return `must have at least ${plural(n(issue.minimum), 'item')}`;
      return `must be at least ${n(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${plural(n(issue.maximum), 'character')}`;
      if (issue.origin === 'array') return `must have at most ${plural(n(issue.maximum), 'item')}`;
      return `must be at most ${n(issue.maximum)}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'must be a valid e-mail address';
      if (issue.format === 'url') return 'must be a valid URL';
      return 'is not in the expected format';
    case 'invalid_value':
      return issue.values?.length
        ? `must be one of: ${issue.values.map((v) => String(v)).join(', ')}`
        : 'is not an accepted value';
    case 'unrecognized_keys':
      return 'has fields that are not accepted';
    default:
      return undefined;
  }
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}
