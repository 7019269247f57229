import { z } from 'zod';

/** The default application id of the SSO check (the portal itself). */
export const DEFAULT_APPLICATION_ID = 'main';
/** Local-storage key under which the web app keeps the bearer access token. */
export const AUTH_TOKEN_STORAGE_KEY = 'auth-token';
/** Session check interval of the web app (spec: every 30000 ms). */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_COOKIE = 'nuvem_session';
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000; // 1 day
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000; // 30 days
export const socialProviders = ['google', 'github'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this e-mail already exists',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  unauthorized: 'Unauthorized',
  /** Spec: a 401 from the auth service's API calls. */
  unauthorizedRefresh: 'Unauthorized - please refresh the page',
  crossSite: 'Cross-site request refused',
  socialFailed: 'Social sign-in failed',
} as const;

/**
 * Why a sign-in came back to the sign-in page: `/login?error=<code>`. The page shows only these
 * fixed messages (an unknown code shows the generic one), never text taken from the address.
 */
export const signInErrorMessages = {
  social_failed: 'Social sign-in failed. Please try again.',
  social_cancelled: 'Social sign-in failed: you cancelled it.',
  social_incomplete: 'Social sign-in failed: the provider sent an incomplete answer. Please try again.',
  social_expired:
    'Social sign-in failed: the sign-in expired, was already used, or was started in another browser. Please try again.',
  social_unavailable: 'Social sign-in failed: the provider could not be reached. Please try again later.',
  social_unverified_email: 'Social sign-in failed: the provider has not verified your e-mail address.',
  social_account_exists:
    'An account with this e-mail already exists. We mailed that address a link: open it to sign in with this provider. Or sign in with your e-mail and password to link it.',
  google_not_configured: 'Sign-in with Google is not configured here: use your e-mail and password.',
  github_not_configured: 'Sign-in with GitHub is not configured here: use your e-mail and password.',
  rate_limited: 'Too many sign-in attempts. Please wait a minute and try again.',
} as const;
export type SignInErrorCode = keyof typeof signInErrorMessages;

export const displayNameFallback = 'Usuário';

/** The user object of every auth reply. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  email_verified: z.boolean(),
  user_metadata: z.object({
    display_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
  }),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** A new password's length rule (the web app's hint and its tests read these, never a literal). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The password rule in English, for API documentation and the server. */
export const passwordRule = `At least ${PASSWORD_MIN_LENGTH} characters; not a common or leaked password.`;
/** An e-mail address is at most this long (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
export const passwordMessages = {
  length: `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
  blank: 'must contain letters, digits or symbols, not only spaces or invisible characters',
  /** The server checks an offline list of common and leaked passwords (kept out of the web bundle). */
  common: 'This password is too common. Choose one that is harder to guess.',
} as const;

/**
 * A new password: the length rule (invisible characters do not count towards the minimum) and at
 * least one visible character; the server also refuses common ones. The checks look at a cleaned
 * copy: the password itself is kept exactly as typed.
 */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, passwordMessages.length)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.length)
  .refine((value) => hasVisibleCharacter(value), passwordMessages.blank)
  .refine((value) => stripInvisibleCharacters(value).length >= PASSWORD_MIN_LENGTH, {
    message: passwordMessages.length,
    when: (payload) => payload.issues.length === 0,
  });

export const DISPLAY_NAME_MAX_LENGTH = 80;
/** What the display name's checks say (a client recognises its own rules by these and words them). */
export const displayNameMessages = {
  length: `must be 1 to ${DISPLAY_NAME_MAX_LENGTH} characters`,
  control: 'must not contain control characters',
  visible: 'must contain a visible character',
} as const;

// Invisible format characters (Unicode category Cf: bidirectional controls U+202A-U+202E,
// U+2066-U+2069, U+200E, U+200F, U+061C, zero-width spaces, soft hyphens, tags…), line and
// paragraph separators, the combining grapheme joiner U+034F, and the characters that render as
// blanks: the Hangul fillers and the Braille pattern blank U+2800. A bidi override in a name
// reverses the text shown after it ('\u202Eevil' reads as 'live'), so it never belongs in one.
const invisibleCharacter = /^(?:[\p{Cf}\u2028\u2029\u115f\u1160\u3164\uffa0\u2800]|\u034f)$/u;
// Letters, digits, punctuation or symbols: what makes a name or a password more than blank.
const visibleCharacter = /[\p{L}\p{N}\p{P}\p{S}]/u;
const combiningMark = /^\p{M}$/u;
// Variation selectors (emoji/text presentation, ideographic variants, Mongolian free variation selectors).
const variationSelector = /^[\u180b-\u180d\u180f\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u;
/** At most this many combining marks on one character: enough for Vietnamese, Hebrew points or Tibetan stacks, not for "Zalgo" text. */
export const MAX_COMBINING_MARKS = 4;
// Zero-width (non-)joiners shape Persian, Indic and emoji sequences: kept between two visible characters.
const joiners = new Set(['\u200c', '\u200d']);
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g;

/** Removes bidirectional controls and other invisible characters (joiners only where they join nothing). */
export function stripInvisibleCharacters(value: string): string {
  const chars = Array.from(value);
  const visible = (c: string | undefined) => c !== undefined && !invisibleCharacter.test(c) && !/^\s$/u.test(c);
  return chars
    .filter((c, i) => !invisibleCharacter.test(c) || (joiners.has(c) && visible(chars[i - 1]) && visible(chars[i + 1])))
    .join('');
}

/** Whether the text holds a control character (a line break, a tab, C0 or C1). */
export function hasControlCharacter(value: string): boolean {
  return controlCharacter.test(value);
}

/** Whether anything visible is left once invisible and blank-looking characters are removed. */
export function hasVisibleCharacter(value: string): boolean {
  return visibleCharacter.test(stripInvisibleCharacters(value));
}

/**
 * Removes invisible characters, variation selectors that follow no character they could modify
 * (`\uFE0F` alone; a second one in a row), and combining marks beyond {@link MAX_COMBINING_MARKS}
 * on one character. Joiners kept between two characters do not restart the count of marks.
 */
export function cleanDisplayText(value: string): string {
  let result = '';
  let marks = 0;
  let previous: 'base' | 'mark' | 'selector' | 'other' = 'other';
  for (const c of stripInvisibleCharacters(value)) {
    if (joiners.has(c)) {
      result += c;
      continue;
    }
    if (variationSelector.test(c)) {
      if (previous !== 'base' && previous !== 'mark') continue;
      previous = 'selector';
    } else if (combiningMark.test(c)) {
      if (++marks > MAX_COMBINING_MARKS) continue;
      previous = 'mark';
    } else {
      marks = 0;
      previous = /^\s$/u.test(c) ? 'other' : 'base';
    }
    result += c;
  }
  // Joiners left next to a removed character now join nothing.
  return stripInvisibleCharacters(result);
}

/**
 * A display name as typed: invisible characters, stray variation selectors and excess combining
 * marks removed, trimmed, then 1 to 80 characters without control characters and with at least
 * one visible one (a letter, digit, punctuation mark or symbol).
 */
export const displayNameSchema = z
  .string()
  .overwrite(cleanDisplayText)
  .trim()
  .min(1, displayNameMessages.length)
  .max(DISPLAY_NAME_MAX_LENGTH, displayNameMessages.length)
  .refine((value) => !controlCharacter.test(value), displayNameMessages.control)
  .refine((value) => visibleCharacter.test(value), {
    message: displayNameMessages.visible,
    when: (payload) => payload.issues.length === 0,
  });

/**
 * A display name from elsewhere (a social provider) made fit to store: control characters become
 * spaces, invisible ones go, cut to 80 UTF-16 units without splitting a character; null if empty.
 */
export function normalizeDisplayName(value: string | null | undefined): string | null {
  if (value == null) return null;
  const cleaned = cleanDisplayText(value.replace(controlCharacters, ' ')).replace(/\s+/gu, ' ').trim();
  let result = '';
  for (const c of cleaned) {
    if (result.length + c.length > DISPLAY_NAME_MAX_LENGTH) break;
    result += c;
  }
  result = stripInvisibleCharacters(result).trim();
  return visibleCharacter.test(result) ? result : null;
}

export const registerBodySchema = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email('must be a valid e-mail address')),
  password: newPasswordSchema,
  displayName: displayNameSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`),
  password: z.string().min(1, 'is required').max(1024, 'is too long'),
  rememberMe: z.boolean().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** Login and register: the user, and the bearer token the web app stores under `auth-token`. */
export const authSuccessSchema = z.object({
  user: authUserSchema,
  access_token: z.string(),
});
export type AuthSuccess = z.infer<typeof authSuccessSchema>;

/** The second factors a sign-in may be completed with (TOTP app, a recovery code, a passkey). */
export const mfaMethods = ['totp', 'recovery_code', 'passkey'] as const;
export type MfaMethod = (typeof mfaMethods)[number];

/**
 * POST /auth/login of an account with a second factor: no session yet, only a short-lived,
 * single-use ticket for POST /auth/mfa/verify, and the methods the account can use.
 */
export const mfaRequiredSchema = z.object({
  mfa_required: z.literal(true),
  mfa_ticket: z.string(),
  methods: z.array(z.enum(mfaMethods)),
});
export type MfaRequired = z.infer<typeof mfaRequiredSchema>;

/** POST /auth/login: signed in (the user and a token), or the second step is due (`mfa_required`). */
export const loginResponseSchema = z.union([authSuccessSchema, mfaRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Whether the account has a second factor, and whether this session's sign-in passed one. */
export const mfaStateSchema = z.object({ enabled: z.boolean(), passed: z.boolean() });
export type MfaState = z.infer<typeof mfaStateSchema>;

export const applicationIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.-]+$/, 'must be letters, digits, dots, dashes or underscores');

export const ssoCheckQuerySchema = z.object({
  application_id: applicationIdSchema.default(DEFAULT_APPLICATION_ID),
});

export const ssoCheckResponseSchema = z.discriminatedUnion('authenticated', [
  z.object({
    authenticated: z.literal(true),
    user: authUserSchema,
    access_token: z.string(),
    /** The session's second factor (always sent by this server; optional for older ones). */
    mfa: mfaStateSchema.optional(),
  }),
  z.object({ authenticated: z.literal(false), sso_login_url: z.string() }),
]);
export type SsoCheckResponse = z.infer<typeof ssoCheckResponseSchema>;

export const ssoLogoutBodySchema = z.object({
  application_id: applicationIdSchema.default(DEFAULT_APPLICATION_ID),
});

export const ssoLogoutResponseSchema = z.object({ success: z.literal(true) });

/** `redirect` of /logout and /oauth/*: honoured only for allowed origins, else `/`. */
export const redirectQuerySchema = z.object({
  redirect: z.string().max(2048).optional(),
});

/**
 * GET /auth/config: what the sign-in page needs. `providers`: the configured social providers
 * (others are hidden). `redirect_origins`: origins besides the portal's own that a post-login
 * `redirect` may go to (the ecosystem apps).
 */
export const authConfigResponseSchema = z.object({
  providers: z.array(z.enum(socialProviders)),
  redirect_origins: z.array(z.string()),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

/** GET /auth/me: the signed-in user (cookie or bearer) and the session's second factor, or 401. */
export const meResponseSchema = z.object({ user: authUserSchema, mfa: mfaStateSchema });

// Where a redirect must never lead (the server's safeRedirect and the sign-in page's post-login
// decision share it): a same-origin jump there would sign out, or in, past the checks that ask first.
/** `/logout`, `/sso`, `/oauth` and anything under them, in any case, with or without a trailing slash. */
const SESSION_ROUTE = /^\/(?:logout|sso|oauth)(?:\/|$)/;

/**
 * Whether a URL's pathname (as `new URL` serialises it: dot segments resolved, still
 * percent-encoded) reaches a sign-out, SSO or OAuth route. Each round decodes once more and
 * resolves the dot segments that decoding reveals (`/%6Cogout`, `/x/..%2Flogout`, `/%256Cogout`),
 * and reads the path as a router might: case-insensitive, `//` as `/`, nothing after `;`.
 * A path still changing after a few rounds is refused rather than decoded for ever.
 */
export function isSessionRoute(pathname: string): boolean {
  let path = pathname;
  for (let round = 0; round < 4; round += 1) {
    const asRouted = path
      .toLowerCase()
      .replace(/;.*$/s, '')
      .replace(/\/{2,}/g, '/');
    if (SESSION_ROUTE.test(asRouted)) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false; // malformed percent-encoding: no router reads it as one of those routes
    }
    const next = new URL(`http://portal.invalid/${decoded.replace(/^\/+/, '')}`).pathname;
    if (next === path) return false; // nothing left to decode (the URL re-encodes what it must)
    path = next;
  }
  return true;
}
