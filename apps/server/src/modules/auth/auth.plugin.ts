import { API_KEY_PREFIX } from '@nuvem/contracts/applications';
import { authMessages, SESSION_COOKIE } from '@nuvem/contracts/auth';
import { rolePermissions } from '@nuvem/contracts/orgs';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.js';
import { MemoryTtlCache, RedisTtlCache, type TtlCache } from '../../lib/ttl-cache.js';
import type { App } from '../../types.js';
import { accountEmailRoutes } from './account-email.routes.js';
import { accountSessionsRoutes } from './account-sessions.routes.js';
import { createAccountTokensRepository } from './account-tokens.repository.js';
import { createAuthRepository, type SessionWithUser } from './auth.repository.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { mfaRoutes } from './mfa.routes.js';
import { oauthRoutes } from './oauth.routes.js';
import { answerVerdict, keyAuthOf } from './platform-verdict.js';
import { authNeeds, bearerToken, type AuthNeed, type RequestAuth } from './principal.js';
import { reviveSessionWithUser } from './session-cache.js';
import { createSessionPurge } from './session-purge.js';
import { ssoRoutes } from './sso.routes.js';

/**
 * The auth module: the sign-in service (`app.auth`), its routes (sign-in, register, SSO, social
 * sign-in), the repeatable purge of expired sessions, and the server's one authentication hook.
 * Every route declares its need (`config.auth`); the server refuses to start on one that does not.
 */
export const authPlugin = fp(
  async (app: App) => {
    const sessionCache: TtlCache<SessionWithUser> = app.redis
      ? new RedisTtlCache(app.redis, 'nuvem:session:', reviveSessionWithUser)
      : new MemoryTtlCache();
    const repo = createAuthRepository(app.db);
    const tokens = createAccountTokensRepository(app.db);
    const service = createAuthService({
      repo,
      limiter: app.limiter,
      sessionCache,
      bus: app.eventBus,
      config: app.config,
      log: app.log,
      tokens,
      mail: app.mail,
      queue: app.queue,
    });
    app.decorate('auth', service);
    app.decorateRequest('auth', null);
    app.decorateRequest('principal', null);

    // Expired sessions and sign-in states are deleted at start-up, then every
    // SESSION_PURGE_INTERVAL_MS by one instance (a repeatable job).
    const purge = createSessionPurge({ repo, tokens, log: app.log });
    if (app.config.sessionPurgeIntervalMs > 0) {
      app.queue.every('auth.session-purge', app.config.sessionPurgeIntervalMs, () => purge.run());
      app.addHook('onReady', async () => purge.run());
    }
    app.addHook('onClose', async () => purge.close());

    /** The caller by session (cookie or `nat_` bearer token; an API key is no session), or null. */
    async function sessionAuth(request: FastifyRequest): Promise<RequestAuth | null> {
      const bearer = bearerToken(request);
      // API keys only reach `platform` routes; everywhere else they are no session.
      if (bearer?.startsWith(API_KEY_PREFIX)) return null;
      if (bearer) {
        const found = await service.sessionFromAccessToken(bearer);
        return found ? { ...found, via: 'bearer' } : null;
      }
      const found = await service.sessionFromCookie(request.cookies[SESSION_COOKIE]);
      return found ? { ...found, via: 'cookie' } : null;
    }

    function identify(request: FastifyRequest, auth: RequestAuth | null): void {
      request.auth = auth;
      if (!auth) {
        request.principal = null;
        return;
      }
      // A session starts in its personal workspace as its owner; an API key in its own workspace
      // with its role's permissions. `app.orgs.authorize` then resolves the workspace the request
      // names and caps a key by its issuer's current role.
      const workspaceId = auth.via === 'api_key' ? auth.apiKey.workspaceId : auth.user.id;
      const role = auth.via === 'api_key' ? auth.apiKey.role : 'owner';
      request.principal = {
        userId: auth.user.id,
        via: auth.via,
        workspaceId,
        organisation: workspaceId !== auth.user.id,
        role,
        permissions: new Set(rolePermissions[role]),
        apiKeyId: auth.via === 'api_key' ? auth.apiKey.id : null,
      };
    }

    async function authenticate(request: FastifyRequest, reply: FastifyReply, need: AuthNeed): Promise<void> {
      if (need === 'platform') {
        const bearer = bearerToken(request);
        if (bearer?.startsWith(API_KEY_PREFIX)) {
          const verification = await app.apiKeys.verifyKey(bearer, request.method);
          // 401 for an unknown, revoked or expired key; 403 for a missing scope; 429 past a budget.
          answerVerdict(reply, verification);
          identify(request, keyAuthOf(verification));
          await authorizeRoute(request);
          return;
        }
      }
      identify(request, await sessionAuth(request));
      if (need === 'optional') return;
      if (!request.principal) {
        const message = request.routeOptions.config.unauthorizedMessage ?? authMessages.unauthorized;
        throw new AppError(401, message, 'UNAUTHORIZED');
      }
      // On the platform API, sessions count in the same per-user budget as the user's keys.
      if (need === 'platform') answerVerdict(reply, await app.apiKeys.checkUserBudget(request.principal.userId));
      await authorizeRoute(request);
    }

    /** The route's declared permission, checked in the workspace the request names (decision 029). */
    async function authorizeRoute(request: FastifyRequest): Promise<void> {
      const permission = request.routeOptions.config.permission;
      if (request.principal && permission) await app.orgs.authorize(request, permission);
    }

    // Every route says what it needs; one added without saying so stops the server from starting.
    // (Checked once all are added: a scope may give its routes a default, as the web app's files
    // get `public`. Routes added before this plugin, the API documentation's, are public.)
    const added: RouteOptions[] = [];
    app.addHook('onRoute', (route: RouteOptions) => {
      added.push(route);
    });
    app.addHook('onReady', async () => {
      const undeclared = added.filter((route) => !authNeeds.has(route.config?.auth ?? ''));
      if (undeclared.length > 0) {
        const list = undeclared.map((route) => `${String(route.method)} ${route.url}`).join(', ');
        throw new Error(
          `declare what each route needs, config: { auth: 'public' | 'optional' | 'session' | 'platform' }: ${list}`,
        );
      }
    });

    // The one authentication hook, before the body is read (an anonymous upload is refused before
    // its bytes are). Callback-style: a public route costs one property read, no promise.
    app.addHook('onRequest', (request, reply, done) => {
      const need = request.routeOptions.config.auth;
      if (need === undefined || need === 'public') {
        done();
        return;
      }
      authenticate(request, reply, need).then(
        () => done(),
        (error: unknown) => done(error as Error),
      );
    });

    await app.register(authRoutes);
    await app.register(ssoRoutes);
    await app.register(oauthRoutes);
    await app.register(mfaRoutes);
    await app.register(accountEmailRoutes);
    await app.register(accountSessionsRoutes);
  },
  { name: 'auth', dependencies: ['db', 'queue', 'event-bus', 'rate-limiter', 'cookie', 'mail'] },
);
