import { z } from 'zod';
import { EMAIL_MAX_LENGTH, newPasswordSchema } from './auth.js';

/** How long a mailed link works. */
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const CHANGE_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 30 * 60 * 1000;
export const CLAIM_SOCIAL_TTL_MS = 30 * 60 * 1000;

/** The fixed texts of the server's refusals (a client recognises them by `code` and words them). */
export const accountEmailMessages = {
  invalidToken: 'This link is invalid or has expired. Ask for a new one.',
  emailNotVerified:
    'Verify your e-mail address first: open the link we mailed you (the banner at the top of the page sends it again).',
  sameEmail: 'This is already your e-mail address.',
  accepted: 'If an account uses this address, we sent it a link to reset the password.',
} as const;

/** A token from a mailed link, as the page found it in its address. */
export const accountTokenSchema = z.string().trim().min(1, 'is required').max(128, 'is too long');

const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('must be a valid e-mail address'));

/** POST /auth/email/verify: the token of a verification, e-mail change or social claim link. */
export const verifyEmailBodySchema = z.object({ token: accountTokenSchema });

/**
 * What following the link did: `verified` (the address), `email_changed` (to `email`), or
 * `social_linked` (a social identity claimed the account; `signed_in` when this browser now has
 * a session: its cookie is set and the bearer token is `access_token`).
 */
export const verifyEmailResponseSchema = z.object({
  result: z.enum(['verified', 'email_changed', 'social_linked']),
  email: z.string(),
  signed_in: z.boolean(),
  access_token: z.string().optional(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /auth/email/verify/resend: `sent`, or nothing to do (`already_verified`). */
export const resendVerificationResponseSchema = z.object({
  status: z.enum(['sent', 'already_verified']),
});

/** POST /auth/password/forgot. */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
/** Always the same 202, whether or not an account uses the address. */
export const forgotPasswordResponseSchema = z.object({ accepted: z.literal(true), message: z.string() });

/** POST /auth/password/reset (the server also refuses common passwords). */
export const resetPasswordBodySchema = z.object({ token: accountTokenSchema, password: newPasswordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** A second-factor code (TOTP or recovery code) when the account has one. */
const codeSchema = z.string().trim().min(1).max(64).optional();

/** POST /auth/password/change (signed in). */
export const changePasswordBodySchema = z.object({
  current_password: z.string().min(1, 'is required').max(1024, 'is too long'),
  new_password: newPasswordSchema,
  code: codeSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /auth/email/change (signed in): a link goes to the new address; nothing changes until it is followed. */
export const changeEmailBodySchema = z.object({
  new_email: emailSchema,
  password: z.string().min(1, 'is required').max(1024, 'is too long'),
  code: codeSchema,
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const accountEmailSuccessSchema = z.object({ success: z.literal(true) });
