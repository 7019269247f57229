import { API_KEY_PREFIX } from '@nuvem/contracts/applications';
import { authMessages, SESSION_COOKIE } from '@nuvem/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRow } from '../../db/schema/sessions.js';
import type { UserRow } from '../../db/schema/users.js';
import { AppError } from '../../lib/errors.js';
import { MemoryTtlCache, RedisTtlCache, type TtlCache } from '../../lib/ttl-cache.js';
import type { ApiKeyAuth } from '../../modules/applications/api-key-auth.js';
import { createAuthRepository, type SessionWithUser } from '../../modules/auth/auth.repository.js';
import { reviveSessionWithUser } from '../../modules/auth/session-cache.js';
import { createAuthService, type AuthService } from '../../modules/auth/auth.service.js';
import { createSessionPurge } from '../../modules/auth/session-purge.js';
import type { App } from '../../types.js';

/** A signed-in session (cookie or `nat_` bearer token), or an API key on the platform API. */
export type RequestAuth = { user: UserRow; session: SessionRow; via: 'cookie' | 'bearer' } | ApiKeyAuth;

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in service: sessions, passwords, social identities. */
    auth: AuthService;
    /** preHandler for protected scopes: sets `request.auth` from a session, or answers 401. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /**
     * For the platform API (/api/v1): a session as requireAuth accepts it, or
     * `Authorization: Bearer nuv_…` (an API key: scopes, rate limit, usage counted).
     */
    requireApiAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Who is calling by session (cookie or bearer token; never an API key), or null; cached per request. */
    resolveAuth: (request: FastifyRequest) => Promise<RequestAuth | null>;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** Reads `Authorization: Bearer <token>`. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const resolved = new WeakSet<FastifyRequest>();

export const authPlugin = fp(
  async (app: App) => {
    const sessionCache: TtlCache<SessionWithUser> = app.redis
      ? new RedisTtlCache(app.redis, 'nuvem:session:', reviveSessionWithUser)
      : new MemoryTtlCache();
    const repo = createAuthRepository(app.db);
    const service = createAuthService({
      db: app.db,
      repo,
      limiter: app.limiter,
      sessionCache,
      config: app.config,
      log: app.log,
    });
    app.decorate('auth', service);
    app.decorateRequest('auth', null);

    // Expired sessions and sign-in states are deleted at start-up, then every
    // SESSION_PURGE_INTERVAL_MS by one instance (a repeatable job).
    const purge = createSessionPurge({ repo, log: app.log });
    if (app.config.sessionPurgeIntervalMs > 0) {
      app.queue.every('auth.session-purge', app.config.sessionPurgeIntervalMs, () => purge.run());
      app.addHook('onReady', async () => purge.run());
    }
    app.addHook('onClose', async () => purge.close());

    app.decorate('resolveAuth', async (request: FastifyRequest) => {
      if (resolved.has(request)) return request.auth;
      resolved.add(request);
      const bearer = bearerToken(request);
      if (bearer?.startsWith(API_KEY_PREFIX)) {
        // API keys only reach scopes guarded by requireApiAuth; everywhere else they are no session.
        request.auth = null;
        return null;
      }
      if (bearer) {
        const found = await service.sessionFromAccessToken(bearer);
        request.auth = found ? { ...found, via: 'bearer' } : null;
        return request.auth;
      }
      const found = await service.sessionFromCookie(request.cookies[SESSION_COOKIE]);
      request.auth = found ? { ...found, via: 'cookie' } : null;
      return request.auth;
    });

    app.decorate('requireAuth', async (request: FastifyRequest) => {
      const auth = await app.resolveAuth(request);
      if (!auth) throw new AppError(401, authMessages.unauthorized, 'UNAUTHORIZED');
    });

    app.decorate('requireApiAuth', async (request: FastifyRequest, reply: FastifyReply) => {
      const bearer = bearerToken(request);
      if (bearer?.startsWith(API_KEY_PREFIX)) {
        resolved.add(request);
        request.auth = null;
        request.auth = await app.apiKeys.authenticate(bearer, request.method, reply);
        return;
      }
      await app.requireAuth(request);
      // Sessions count in the same per-user budget as the user's keys (authenticate counts those).
      if (request.auth) await app.apiKeys.limitUser(request.auth.user.id, reply);
    });
  },
  { name: 'auth', dependencies: ['db', 'queue', 'rate-limiter', 'api-keys'] },
);
