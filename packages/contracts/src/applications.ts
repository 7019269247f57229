import { z } from 'zod';
import { roles } from './orgs.js';

/** Spec: the rate-limit tiers of an API key; new keys start on standard. */
export const rateLimitTiers = ['standard', 'premium', 'enterprise'] as const;
export type RateLimitTier = (typeof rateLimitTiers)[number];
/** Requests per minute per key unless API_KEY_RATE_LIMITS says otherwise. */
export const defaultRateLimits: Record<RateLimitTier, number> = { standard: 60, premium: 600, enterprise: 6000 };

export const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Spec constants: key defaults and the stats window. */
export const DEFAULT_KEY_SCOPES: ApiKeyScope[] = ['read', 'write'];
export const DEFAULT_KEY_EXPIRY_DAYS = 365;
export const DEFAULT_STATS_DAYS = 7;
export const MAX_URIS_PER_APPLICATION = 20;

/**
 * The limits the server enforces, for forms and their hints: a client restates none of them.
 * Changing one here changes what the server accepts and what the web app says and checks.
 */
export const APPLICATION_NAME_MAX_LENGTH = 100;
export const API_KEY_NAME_MAX_LENGTH = 100;
export const API_KEY_DESCRIPTION_MAX_LENGTH = 500;
export const REVOKE_REASON_MAX_LENGTH = 500;
export const KEY_EXPIRY_MIN_DAYS = 1;
export const KEY_EXPIRY_MAX_DAYS = 3650;
export const REDIRECT_URI_MAX_LENGTH = 2048;
export const ORIGIN_MAX_LENGTH = 512;
export const STATS_MAX_DAYS = 90;
/** The only hosts a redirect URI or origin may reach over plain http (local development). */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * Why a redirect URI or an origin is refused (the `message` of its issue, a predicate about the
 * entry), so a client can say it in its own words.
 */
export const uriRuleMessages = {
  notHttpUrl: 'must be an absolute http(s) URL',
  httpsOnly: 'must use https (http only for localhost, 127.0.0.1 or [::1])',
  fragment: 'must not contain a fragment (#)',
  credentials: 'must not contain credentials',
  notOrigin: 'must be an origin like https://app.example.com',
  originWithPath: 'must be an origin (scheme, host and port) without a path',
} as const;
export type UriRule = keyof typeof uriRuleMessages;

/** The rule a refused entry broke, from its issue's message (undefined for another message). */
export function uriRuleOf(message: string | undefined): UriRule | undefined {
  return (Object.keys(uriRuleMessages) as UriRule[]).find((rule) => uriRuleMessages[rule] === message);
}

/** `nuv_` + 40 base62 characters; the first 12 characters are kept as the key's prefix. */
export const API_KEY_PREFIX = 'nuv_';
export const API_KEY_BODY_LENGTH = 40;
export const API_KEY_PREFIX_LENGTH = 12;
export const apiKeyPattern = /^nuv_[0-9A-Za-z]{40}$/;

export const applicationMessages = {
  applicationNotFound: 'Application not found',
  keyNotFound: 'API key not found',
  keyCreated: 'API key created successfully',
  keyRevoked: 'API key revoked successfully',
  keyRotated: 'API key rotated successfully',
  keyAlreadyRevoked: 'This API key is already revoked',
  rotateRevoked: 'Cannot rotate a revoked API key',
  rotateExpired: 'Cannot rotate an expired API key',
  applicationDeleted: 'Application deleted; its API keys were revoked',
  invalidClient: 'Invalid client credentials',
  /** Answers of the platform API to a key. */
  invalidKey: 'Invalid API key',
  revokedKey: 'API key revoked',
  expiredKey: 'API key expired',
  missingWrite: 'This API key lacks the write scope',
  missingRead: 'This API key lacks the read scope',
  rateLimited: 'Rate limit exceeded for this API key',
  /** The per-user budget on /api/v1, shared by the session and all of the user's keys. */
  userRateLimited: 'Rate limit exceeded for this account',
} as const;

/** Answers (409 LIMIT_REACHED) when a user is at a per-user cap. */
export const applicationLimitMessages = {
  applications: (limit: number) =>
    `You have reached the limit of ${limit} applications. Delete one or contact support to raise it.`,
  apiKeys: (limit: number) =>
    `You have reached the limit of ${limit} active API keys. Revoke one or contact support to raise it.`,
};

const loopbackHosts = new Set<string>(LOOPBACK_HOSTS);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** http is only for the loopback addresses (local development); everything else needs https. */
function schemeAllowed(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));
}

/** An OAuth redirect URI: absolute, http(s), http only on localhost, no fragment (RFC 6749 3.1.2). */
export const redirectUriSchema = z
  .string()
  .trim()
  .max(REDIRECT_URI_MAX_LENGTH, `must be at most ${REDIRECT_URI_MAX_LENGTH} characters`)
  .superRefine((value, ctx) => {
    const url = parseUrl(value);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', message: uriRuleMessages.notHttpUrl });
    } else if (!schemeAllowed(url)) {
      ctx.addIssue({ code: 'custom', message: uriRuleMessages.httpsOnly });
    } else if (url.hash || value.includes('#')) {
      ctx.addIssue({ code: 'custom', message: uriRuleMessages.fragment });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: uriRuleMessages.credentials });
    }
  });

/** An origin: scheme, host and port only (a trailing slash is tolerated and dropped). */
export const originSchema = z
  .string()
  .trim()
  .max(ORIGIN_MAX_LENGTH, `must be at most ${ORIGIN_MAX_LENGTH} characters`)
  .superRefine((value, ctx) => {
    const url = parseUrl(value);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', message: uriRuleMessages.notOrigin });
    } else if (!schemeAllowed(url)) {
      ctx.addIssue({ code: 'custom', message: uriRuleMessages.httpsOnly });
    } else if (url.pathname !== '/' || url.search || url.hash || value.includes('?') || value.includes('#')) {
      ctx.addIssue({ code: 'custom', message: uriRuleMessages.originWithPath });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: uriRuleMessages.credentials });
    }
  })
  .transform((value) => new URL(value).origin);

const uniqueList = <T extends z.ZodType<string>>(item: T) =>
  z
    .array(item)
    .max(MAX_URIS_PER_APPLICATION, `must have at most ${MAX_URIS_PER_APPLICATION} entries`)
    .transform((list) => [...new Set(list)]);

/** An application's name: trimmed, required, at most APPLICATION_NAME_MAX_LENGTH characters. */
export const applicationNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(APPLICATION_NAME_MAX_LENGTH, `must be at most ${APPLICATION_NAME_MAX_LENGTH} characters`);
const applicationName = applicationNameSchema;

export const createApplicationBodySchema = z.object({
  name: applicationName,
  redirectUris: uniqueList(redirectUriSchema).default([]),
  allowedOrigins: uniqueList(originSchema).default([]),
});
export type CreateApplicationBody = z.input<typeof createApplicationBodySchema>;

export const updateApplicationBodySchema = z
  .object({
    name: applicationName.optional(),
    redirectUris: uniqueList(redirectUriSchema).optional(),
    allowedOrigins: uniqueList(originSchema).optional(),
  })
  .strict();
export type UpdateApplicationBody = z.input<typeof updateApplicationBodySchema>;

/** Spec: id, app_name, client_id, created_at, redirect_uris; plus the allowed origins. All shown 'Active'. */
export const applicationSchema = z.object({
  id: z.string(),
  app_name: z.string(),
  client_id: z.string(),
  created_at: z.string(),
  redirect_uris: z.array(z.string()),
  allowed_origins: z.array(z.string()),
  status: z.literal('active'),
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const apiKeyParamsSchema = z.object({ id: z.string().min(1).max(64), keyId: z.string().min(1).max(64) });

export const applicationListResponseSchema = z.object({
  success: z.literal(true),
  applications: z.array(applicationSchema),
});
/** The client secret is in this reply only (creation); it is stored hashed. */
export const applicationCreatedResponseSchema = z.object({
  success: z.literal(true),
  application: applicationSchema,
  clientSecret: z.string(),
});
export const applicationResponseSchema = z.object({ success: z.literal(true), application: applicationSchema });
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** A new client secret; the previous one keeps working until `previousSecretValidUntil`. */
export const secretRotatedResponseSchema = z.object({
  success: z.literal(true),
  clientSecret: z.string(),
  previousSecretValidUntil: z.string(),
});

/** Server-to-server: an ecosystem app proves it holds its client secret. */
export const verifyClientBodySchema = z.object({
  client_id: z.string().min(1).max(64),
  client_secret: z.string().min(1).max(256),
});
export const verifyClientResponseSchema = z.object({ success: z.literal(true), valid: z.literal(true) });

const expiryRange = `must be between ${KEY_EXPIRY_MIN_DAYS} and ${KEY_EXPIRY_MAX_DAYS} days`;

/** The pieces of a new key's body, for forms that hold them in another shape (the expiry as text). */
export const apiKeyFieldSchemas = {
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(API_KEY_NAME_MAX_LENGTH, `must be at most ${API_KEY_NAME_MAX_LENGTH} characters`),
  description: z
    .string()
    .trim()
    .max(API_KEY_DESCRIPTION_MAX_LENGTH, `must be at most ${API_KEY_DESCRIPTION_MAX_LENGTH} characters`),
  scopes: z
    .array(z.enum(apiKeyScopes))
    .min(1, 'must include at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope'),
  expiresIn: z
    .number()
    .int('must be a whole number of days')
    .min(KEY_EXPIRY_MIN_DAYS, expiryRange)
    .max(KEY_EXPIRY_MAX_DAYS, expiryRange),
};

export const createApiKeyBodySchema = z.object({
  name: apiKeyFieldSchemas.name,
  description: apiKeyFieldSchemas.description.optional(),
  scopes: apiKeyFieldSchemas.scopes.default(DEFAULT_KEY_SCOPES),
  expiresIn: apiKeyFieldSchemas.expiresIn.default(DEFAULT_KEY_EXPIRY_DAYS),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** A key as lists show it: never the key itself. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  key_prefix: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  rate_limit_tier: z.enum(rateLimitTiers),
  usage_count: z.number().int(),
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  /** The role it was issued under (issue 34): it acts with that role's permissions, never beyond its issuer's now. */
  role: z.enum(roles).optional(),
  /** Who issued it (or last rotated it); null for keys issued before organisations. */
  created_by: z.string().nullable().optional(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Creation and rotation: the full key, shown this once. */
export const apiKeyCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  apiKey: apiKeySchema.extend({ key: z.string().regex(apiKeyPattern) }),
});
export const apiKeyListResponseSchema = z.object({ success: z.literal(true), keys: z.array(apiKeySchema) });
export const apiKeyListQuerySchema = z.object({
  include_revoked: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** DELETE …/keys/{keyId}: the body (and its reason) may be left out. */
export const revokeApiKeyBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(REVOKE_REASON_MAX_LENGTH, `must be at most ${REVOKE_REASON_MAX_LENGTH} characters`)
      .optional(),
  })
  .nullish();

export const apiKeyStatsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, `must be between 1 and ${STATS_MAX_DAYS}`)
    .max(STATS_MAX_DAYS, `must be between 1 and ${STATS_MAX_DAYS}`)
    .default(DEFAULT_STATS_DAYS),
});

const usageCounts = z.object({
  allowed: z.number().int(),
  rate_limited: z.number().int(),
  rejected: z.number().int(),
});
/** One entry per day (UTC), oldest first, days without requests as zeros. */
export const apiKeyStatsResponseSchema = z.object({
  success: z.literal(true),
  stats: z.object({
    days: z.array(usageCounts.extend({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })),
    totals: usageCounts,
  }),
});
export type ApiKeyStats = z.infer<typeof apiKeyStatsResponseSchema>['stats'];
