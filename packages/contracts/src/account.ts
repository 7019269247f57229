import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './auth';

/** What the account endpoints answer with, besides the common error shape. */
export const accountMessages = {
  sessionNotFound: 'Session not found',
  confirmMismatch: 'Type your e-mail address exactly as it is on the account to confirm',
  mfaRequired: 'Enter a code from your authenticator app or a recovery code',
  invalidMfaCode: 'That code is not valid',
  invalidPassword: 'The password is not correct',
  containersBusy:
    'A container of yours is still being created or changed. Wait until it is done, then delete the account again.',
  containersFailed: 'Your containers could not all be deleted. Nothing else was deleted; try again in a moment.',
} as const;

/** A second-factor code as typed: six digits (TOTP) or a recovery code. */
export const SECOND_FACTOR_CODE_MAX_LENGTH = 64;

/**
 * What proves it is the owner before a sensitive change: the password (accounts that only sign in
 * socially have none), and a code when the account has a second factor.
 */
export const reauthenticationSchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
  code: z.string().trim().min(1).max(SECOND_FACTOR_CODE_MAX_LENGTH).optional(),
});
export type Reauthentication = z.infer<typeof reauthenticationSchema>;

/** One of the caller's live sessions (GET /auth/sessions). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** A readable summary of the user agent in English ("Chrome on Linux"), or "Unknown device". */
  device: z.string(),
  /** The browser and the operating system as recognised (null: not recognised); the web app words them. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
  /** The sign-in passed a second factor. */
  mfa_passed: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** DELETE /auth/sessions/{id} and POST /auth/sessions/revoke-others: how many sessions ended. */
export const endSessionsResponseSchema = z.object({
  success: z.literal(true),
  ended: z.number().int().nonnegative(),
  /** The caller's own session was among them (its cookie is cleared). */
  signed_out: z.boolean(),
});
export type EndSessionsResponse = z.infer<typeof endSessionsResponseSchema>;

/** POST /account/delete: the proof of ownership, and the account's e-mail typed out as confirmation. */
export const deleteAccountBodySchema = reauthenticationSchema.extend({
  confirm: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const deleteAccountResponseSchema = z.object({ success: z.literal(true) });

/** The export's file name for a day: `nuvem-account-2025-01-31.json`. */
export function accountExportFileName(at: Date): string {
  return `nuvem-account-${at.toISOString().slice(0, 10)}.json`;
}

const rows = z.array(z.record(z.string(), z.unknown()));

/**
 * GET /account/export: everything the portal holds about the user, one section per area. No
 * secret, hash or key is ever part of it (API keys appear by their shown prefix only).
 */
export const accountExportSchema = z.object({
  format: z.literal('nuvem-account-export'),
  version: z.literal(1),
  exported_at: z.string(),
  user: z.object({
    id: z.string(),
    email: z.string(),
    display_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    email_verified: z.boolean(),
    mfa_enabled: z.boolean(),
    locale: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  sign_in: z.object({
    has_password: z.boolean(),
    social_identities: rows,
    authenticator_app: z.record(z.string(), z.unknown()).nullable(),
    recovery_codes: z.object({ total: z.number(), unused: z.number() }),
    passkeys: rows,
    sessions: rows,
    /** Links mailed and not used yet (verification, reset, change of address). */
    pending_links: rows,
  }),
  profile: z.record(z.string(), z.unknown()),
  posts: z.record(z.string(), z.unknown()),
  applications: rows,
  containers: z.record(z.string(), z.unknown()),
  workflows: z.record(z.string(), z.unknown()),
  billing: z.record(z.string(), z.unknown()),
  events: z.record(z.string(), z.unknown()),
  programme_enquiries: rows,
  ai_security: z.record(z.string(), z.unknown()),
  /** The messages mailed to the user (what and when, not their text). */
  mail: rows,
  /** The organisations the user is a member of: organisation_id, name, role, joined_at. */
  memberships: rows,
});
export type AccountExport = z.infer<typeof accountExportSchema>;
