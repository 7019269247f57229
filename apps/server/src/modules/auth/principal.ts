import type { ApiKeyScope, RateLimitTier } from '@nuvem/contracts/applications';
import type { Permission, Role } from '@nuvem/contracts/orgs';
import type { FastifyRequest } from 'fastify';
import type { SessionRow, UserRow } from './auth.repository.js';
import type { AuthService } from './auth.service.js';

/** Who a request made with an API key acts as (the applications module verifies keys). */
export interface ApiKeyAuth {
  /** The person who issued the key: it acts for them. */
  user: { id: string };
  via: 'api_key';
  apiKey: { id: string; scopes: ApiKeyScope[]; tier: RateLimitTier; workspaceId: string; role: Role };
}

/** A signed-in session (cookie or `nat_` bearer token), or an API key on the platform API. */
export type RequestAuth = { user: UserRow; session: SessionRow; via: 'cookie' | 'bearer' } | ApiKeyAuth;

/**
 * What a route needs from its caller, declared in its options as `config: { auth }`:
 * - `public`: nobody in particular (the guard does nothing);
 * - `optional`: a session if there is one (`request.principal` may be null);
 * - `session`: a signed-in user, by the session cookie or a `nat_` bearer token; else 401;
 * - `platform`: the platform API (/api/v1): a session as above, or an API key (`nuv_…`: scopes,
 *   rate limit, usage counted); sessions count in the user's API budget too.
 */
export type AuthNeed = 'public' | 'optional' | 'session' | 'platform';

/**
 * What a route may do in its caller's workspace, declared in its options as `config: { permission }`
 * on every route that is not public: a permission (`containers:write`…) checked against the
 * caller's role in the workspace the request names (decision 029), or `account` for routes that act
 * on the caller's own account (profile, sessions, sign-in factors, tickets), never on a workspace.
 */
export type PermissionNeed = Permission | 'account';

/**
 * Who is calling and where: the person (`userId`; for an API key, its issuer), the workspace the
 * request acts in (`workspaceId`: owner of what it reads and changes; the personal one is the
 * user's id), their role there and what it permits.
 */
export interface Principal {
  userId: string;
  via: 'cookie' | 'bearer' | 'api_key';
  workspaceId: string;
  /** Whether the workspace is an organisation (else the caller's personal workspace). */
  organisation: boolean;
  role: Role;
  permissions: ReadonlySet<Permission>;
  /** The API key behind the request, if one. */
  apiKeyId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in service: sessions, passwords, social identities. */
    auth: AuthService;
  }
  interface FastifyRequest {
    /** The session or API key behind `principal`, for the few routes that need more than the id. */
    auth: RequestAuth | null;
    /** Who is calling, set by the one authentication hook for routes whose need is not `public`. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** What the route needs from its caller (required on every route the server's modules add). */
    auth?: AuthNeed;
    /** The 401's text for a caller without credentials, where the spec names its own. */
    unauthorizedMessage?: string;
    /** What the route does in the caller's workspace (required on every route that is not public). */
    permission?: PermissionNeed;
  }
}

export const authNeeds: ReadonlySet<string> = new Set<AuthNeed>(['public', 'optional', 'session', 'platform']);

/** Reads `Authorization: Bearer <token>`. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The caller of a route whose need is `session` or `platform` (the hook has let nobody else in). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`${request.method} ${request.url}: no principal on a guarded route`);
  return request.principal;
}

/** The session behind a `session` route's caller (the signed-in user's row and session). */
export function sessionOf(request: FastifyRequest): Extract<RequestAuth, { session: SessionRow }> {
  const auth = request.auth;
  if (!auth || auth.via === 'api_key') throw new Error(`${request.method} ${request.url}: no session`);
  return auth;
}
