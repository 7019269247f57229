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
} as const;
export type IdKind = keyof typeof idPrefixes;

export const errorMessages = {
  notFound: 'Not found',
  internal: 'Internal server error',
  serviceUnavailable: 'Service unavailable',
  /** Text the database cannot store, refused in any parameter or body field. */
  nulCharacter: 'Text must not contain NUL characters',
  unpairedSurrogate: 'Text must be valid Unicode (no unpaired surrogates)',
} as const;

/** Where a request failed validation: `path` is the field (`body.email`), `message` says why. */
export const validationIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;
