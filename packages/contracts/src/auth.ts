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

export const registerBodySchema = z.object({
  email: z.string().trim().max(254, 'must be at most 254 characters').pipe(z.email('must be a valid e-mail address')),
  password: z.string().min(8, 'must be 8 to 128 characters').max(128, 'must be 8 to 128 characters'),
  displayName: z.string().trim().min(1, 'must be 1 to 80 characters').max(80, 'must be 1 to 80 characters'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, 'is required').max(254, 'must be at most 254 characters'),
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
  z.object({ authenticated: z.literal(true), user: authUserSchema, access_token: z.string() }),
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

/** GET /auth/me: the signed-in user (cookie or bearer), or 401. */
export const meResponseSchema = z.object({ user: authUserSchema });
