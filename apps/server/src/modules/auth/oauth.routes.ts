import { createHash } from 'node:crypto';
import { authMessages, redirectQuerySchema, socialProviders, type SocialProvider } from '@nuvem/contracts/auth';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { safeRedirect } from '../../lib/redirects.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { createGitHubDriver } from './drivers/github.js';
import { createGoogleDriver } from './drivers/google.js';
import { OAuthError, type OAuthDriver } from './drivers/oauth-driver.js';
import { createAuthRepository } from './auth.repository.js';
import { ownOrigins, requestMeta } from './request-meta.js';
import { setSessionCookie } from './session-cookie.js';

const STATE_TTL_MS = 10 * 60 * 1000;
const providerNames: Record<SocialProvider, string> = { google: 'Google', github: 'GitHub' };
const providerParams = z.object({ provider: z.enum(socialProviders) });
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

/**
 * Social sign-in, OAuth 2.0 authorization code with state and PKCE: GET /oauth/{provider}
 * sends the browser to the provider; GET /oauth/{provider}/callback finishes the sign-in.
 */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const repo = createAuthRepository(app.db);
  const drivers = new Map<SocialProvider, OAuthDriver>();
  if (config.google) drivers.set('google', createGoogleDriver(config.google));
  if (config.github) drivers.set('github', createGitHubDriver(config.github));

  const driverFor = (provider: SocialProvider) => {
    const driver = drivers.get(provider);
    if (!driver) throw new AppError(404, `Sign-in with ${provider} is not configured`, 'PROVIDER_NOT_CONFIGURED');
    return driver;
  };
  const callbackUrl = (provider: SocialProvider) => new URL(`/oauth/${provider}/callback`, config.publicUrl).href;
  const failed = (reason: string) => `/login?error=${encodeURIComponent(`${authMessages.socialFailed}: ${reason}`)}`;

  app.get(
    '/oauth/:provider',
    {
      schema: {
        tags: ['auth'],
        params: providerParams,
        querystring: redirectQuerySchema,
        response: { 404: errorResponseSchema, 502: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const allowed = ownOrigins(request, config.publicUrl.origin, config.allowedRedirectOrigins);
      if (!drivers.has(provider)) {
        // A browser navigation (the 'Entrar com Google' button, say) on an installation without
        // this provider: back to the sign-in page, which says why and offers the other ways.
        const login = new URL('/login', config.publicUrl);
        login.searchParams.set('redirect', safeRedirect(request.query.redirect, allowed));
        login.searchParams.set(
          'error',
          `Sign-in with ${providerNames[provider]} is not configured here: use your e-mail and password`,
        );
        return reply.redirect(login.pathname + login.search);
      }
      const driver = driverFor(provider);
      const state = randomToken();
      const codeVerifier = randomToken(48);
      const nonce = randomToken(16);
      await repo.deleteExpiredOAuthStates(new Date());
      await repo.insertOAuthState({
        stateHash: sha256(state),
        provider,
        codeVerifier,
        nonce,
        redirectTo: safeRedirect(request.query.redirect, allowed),
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
      let location: string;
      try {
        location = await driver.authorizationUrl({
          state,
          nonce,
          codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
          redirectUri: callbackUrl(provider),
        });
      } catch (error) {
        request.log.error({ err: error, provider }, 'social provider unreachable');
        throw new AppError(
          502,
          `${authMessages.socialFailed}: ${provider} could not be reached`,
          'PROVIDER_UNAVAILABLE',
        );
      }
      return reply.header('cache-control', 'no-store').redirect(location);
    },
  );

  app.get(
    '/oauth/:provider/callback',
    {
      schema: {
        tags: ['auth'],
        params: providerParams,
        querystring: callbackQuery,
        response: { 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const driver = driverFor(provider);
      const { code, state, error } = request.query;
      reply.header('cache-control', 'no-store');
      if (error) return reply.redirect(failed(error === 'access_denied' ? 'you cancelled it' : error));
      if (!code || !state) return reply.redirect(failed('the provider sent an incomplete answer'));

      const pending = await repo.consumeOAuthState(sha256(state), provider);
      if (!pending) return reply.redirect(failed('the sign-in expired or was already used; please try again'));

      let target: string;
      try {
        const profile = await driver.exchange({
          code,
          codeVerifier: pending.codeVerifier,
          nonce: pending.nonce,
          redirectUri: callbackUrl(provider),
        });
        const { user, session } = await app.auth.signInWithProfile(profile, requestMeta(request));
        request.log.info({ userId: user.id, provider }, 'user signed in socially');
        setSessionCookie(reply, config, session);
        target = pending.redirectTo;
      } catch (err) {
        if (err instanceof OAuthError) {
          request.log.warn({ err, provider }, 'social sign-in refused');
          target = failed(err.message);
        } else if (err instanceof AppError && err.statusCode < 500) {
          target = failed(err.message);
        } else {
          throw err;
        }
      }
      return reply.redirect(target);
    },
  );
};
