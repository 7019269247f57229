import { z } from 'zod';
import { authSuccessSchema } from './auth.js';

/** A TOTP code (RFC 6238, the authenticator app's): six digits, a new one every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes given at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in waits for its second step, and how many wrong codes its ticket survives. */
export const MFA_TICKET_TTL_MS = 5 * 60_000;
export const MFA_TICKET_MAX_ATTEMPTS = 5;
/**
 * The HttpOnly cookie that carries the ticket of a social sign-in waiting for its second step
 * (the browser comes back from the provider by a redirect, so the ticket cannot be in a reply).
 */
export const MFA_TICKET_COOKIE = 'nuvem_mfa';
export const PASSKEY_NAME_MAX_LENGTH = 64;

/** The server's texts of the second factor's refusals (the web app words them by `code`). */
export const mfaMessages = {
  ticketInvalid: 'This sign-in has expired or was already completed. Sign in again.',
  invalidCode: 'The code is not valid',
  passkeyInvalid: 'The passkey could not be verified',
  invalidPassword: 'The password is not correct',
  totpAlreadyEnabled: 'An authenticator app is already set up',
  totpNotStarted: 'Start the authenticator app set-up first',
  totpNotEnabled: 'No authenticator app is set up',
  noSecondFactor: 'Two-step verification is not turned on',
  noPasskeys: 'This account has no passkeys',
  passkeyNotFound: 'Passkey not found',
  passkeyExists: 'This passkey is already registered',
  challengeExpired: 'The passkey request expired. Try again.',
} as const;

/** A TOTP code or a recovery code as typed (spaces and dashes are ignored). */
export const mfaCodeSchema = z.string().trim().min(1, 'is required').max(32, 'is too long');

const base64url = z
  .string()
  .max(16_384, 'is too long')
  .regex(/^[\w-]*={0,2}$/, 'must be base64url');

export const authenticatorTransports = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type AuthenticatorTransport = (typeof authenticatorTransports)[number];
export const isAuthenticatorTransport = (value: string): value is AuthenticatorTransport =>
  (authenticatorTransports as readonly string[]).includes(value);
/** Transports a browser reports; ones this list does not know yet are dropped, not refused. */
const reportedTransports = z
  .array(z.string().max(32))
  .max(16)
  .transform((list) => list.filter(isAuthenticatorTransport));

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.enum(authenticatorTransports)).optional(),
});
const userVerificationSchema = z.enum(['required', 'preferred', 'discouraged']);

/** What `navigator.credentials.create` needs (WebAuthn's PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerificationSchema.optional(),
    })
    .optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** What `navigator.credentials.get` needs (WebAuthn's PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: userVerificationSchema.optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

/** A new passkey as the browser returns it (RegistrationResponseJSON). */
export const passkeyRegistrationSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: reportedTransports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
export type PasskeyRegistration = z.input<typeof passkeyRegistrationSchema>;

/** A passkey's signature as the browser returns it (AuthenticationResponseJSON). */
export const passkeyAssertionSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
export type PasskeyAssertion = z.input<typeof passkeyAssertionSchema>;

/**
 * POST /auth/mfa/verify: the second step of a sign-in, with a code (TOTP or recovery code) or a
 * passkey's signature. The ticket comes from the login reply, or (social sign-in) from the
 * `nuvem_mfa` cookie when the body has none.
 */
export const mfaVerifyBodySchema = z
  .object({
    ticket: z.string().max(128).optional(),
    code: mfaCodeSchema.optional(),
    passkey: passkeyAssertionSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.passkey === undefined), {
    message: 'send either code or passkey',
    path: ['code'],
  });
export type MfaVerifyBody = z.input<typeof mfaVerifyBodySchema>;

/** POST /auth/mfa/passkey/options: a passkey challenge for the sign-in waiting for its second step. */
export const mfaPasskeyOptionsBodySchema = z.object({ ticket: z.string().max(128).optional() });

/** Options of a passkey ceremony (sign-in or second step). */
export const passkeyRequestOptionsResponseSchema = z.object({ options: passkeyRequestOptionsSchema });
export const passkeyCreationOptionsResponseSchema = z.object({ options: passkeyCreationOptionsSchema });

/** POST /auth/passkey/verify: passwordless sign-in with a discoverable passkey. */
export const passkeySignInBodySchema = z.object({
  credential: passkeyAssertionSchema,
  rememberMe: z.boolean().default(false),
});
export type PasskeySignInBody = z.input<typeof passkeySignInBodySchema>;

/** The reply of a completed sign-in (second step or passkey): the same as a login's. */
export const mfaSignInResponseSchema = authSuccessSchema;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced between the user's devices (a multi-device passkey that is backed up). */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /auth/mfa: the account's second factors. */
export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  /** Whether the account has a password (what adding or removing a factor asks for; else a code). */
  has_password: z.boolean(),
  totp: z.object({ enabled: z.boolean() }),
  recovery_codes: z.object({ remaining: z.number().int() }),
  passkeys: z.array(passkeySchema),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** POST /auth/mfa/totp/setup: the new secret, shown once (base32 and as an otpauth:// URI for a QR code). */
export const totpSetupResponseSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;

export const totpConfirmBodySchema = z.object({ code: mfaCodeSchema });

/**
 * Recovery codes, shown once: given when the account gets its first second factor, and when the
 * user asks for new ones (the old ones stop working). Null when the account already had some.
 */
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export const totpConfirmResponseSchema = z.object({ recovery_codes: z.array(z.string()).nullable() });

/** Turning the authenticator app off: the password (accounts that have one) and a current code. */
export const totpDisableBodySchema = z.object({
  password: z.string().max(1024, 'is too long').optional(),
  code: mfaCodeSchema,
});
export const recoveryCodesBodySchema = z.object({ code: mfaCodeSchema });

const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(PASSKEY_NAME_MAX_LENGTH, `must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`);

export const passkeyRegisterBodySchema = z.object({ name: passkeyNameSchema, credential: passkeyRegistrationSchema });
export type PasskeyRegisterBody = z.input<typeof passkeyRegisterBodySchema>;
export const passkeyRegisterResponseSchema = z.object({
  passkey: passkeySchema,
  recovery_codes: z.array(z.string()).nullable(),
});
export const passkeyParamsSchema = z.object({ id: z.string().min(1).max(1024) });
export const passkeyRenameBodySchema = z.object({ name: passkeyNameSchema });
export const passkeyResponseSchema = z.object({ passkey: passkeySchema });
/**
 * Proof that it is the owner, before a factor is added (TOTP set-up, passkey options) or a passkey
 * removed: the password of an account that has one; else a code if it has a second factor.
 */
export const identityProofSchema = z.object({
  password: z.string().max(1024, 'is too long').optional(),
  code: mfaCodeSchema.optional(),
});
export type IdentityProof = z.input<typeof identityProofSchema>;
