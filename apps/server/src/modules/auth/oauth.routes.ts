import { createHash } from 'node:crypto';
import { redirectQuerySchema, socialProviders, type SignInErrorCode, type SocialProvider } from '@nuvem/contracts/auth';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitAddress } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import { safeRedirect } from '../../lib/redirects.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { createGitHubDriver } from './drivers/github.js';
import { createGoogleDriver } from './drivers/google.js';
import { OAuthError, type OAuthDriver } from './drivers/oauth-driver.js';
import { ownOrigins, requestMeta } from './request-meta.js';
import { PENDING_LINK_TTL_MS, type SocialProfile } from './social-sign-in.service.js';
import { setMfaTicketCookie } from './mfa-cookie.js';
import { setPendingLinkCookie, setSessionCookie } from './session-cookie.js';

const STATE_TTL_MS = 10 * 60 * 1000;
/** The cookie that ties a sign-in in progress to the browser that started it. */
export const OAUTH_BROWSER_COOKIE = 'nuvem_oauth';
const browserValue = /^[\w-]{43}$/;
/** Sign-ins one address may start a minute: each stores a row until it is used or expires. */
export const OAUTH_STARTS_PER_MINUTE = 20;
/**
 * Pending sign-ins kept at most, whatever the addresses: past it, starts are refused until some
 * expire (10 minutes). Far above real use; it only bounds the table under a spread-out flood.
 */
const MAX_PENDING_STATES = 50_000;
const providerParams = z.object({ provider: z.enum(socialProviders) });
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

/** Why a sign-in failed, as an AppError code of the service, in the sign-in page's codes. */
const appErrorCodes: Record<string, SignInErrorCode> = {
  UNVERIFIED_EMAIL: 'social_unverified_email',
  SOCIAL_ACCOUNT_EXISTS: 'social_account_exists',
  RATE_LIMITED: 'rate_limited',
};

/**
 * The sign-in page with one of its fixed error codes (never text from a provider or the address),
 * and where to go after signing in, if any.
 */
function signInPage(code: SignInErrorCode, redirect?: string): string {
  const params = new URLSearchParams();
  if (redirect !== undefined) params.set('redirect', redirect);
  params.set('error', code);
  return `/login?${params.toString()}`;
}

/** The sign-in page at its second step (`mfa`: the methods), then where the sign-in was going. */
function mfaStepPage(methods: readonly string[], redirect: string): string {
  const params = new URLSearchParams({ redirect, mfa: methods.join(',') });
  return `/login?${params.toString()}`;
}

/**
 * Social sign-in, OAuth 2.0 authorization code with state and PKCE: GET /oauth/{provider}
 * sends the browser to the provider; GET /oauth/{provider}/callback finishes the sign-in. The state
 * is bound to the starting browser by an HttpOnly cookie (login CSRF), and starts are rate-limited
 * per address, since each stores a row. Failures go back to `/login?error=<code>`.
 */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const states = app.auth.oauthStates;
  const drivers = new Map<SocialProvider, OAuthDriver>();
  if (config.google) drivers.set('google', createGoogleDriver(config.google));
  if (config.github) drivers.set('github', createGitHubDriver(config.github));

  const driverFor = (provider: SocialProvider) => {
    const driver = drivers.get(provider);
    if (!driver) throw new AppError(404, `Sign-in with ${provider} is not configured`, 'PROVIDER_NOT_CONFIGURED');
    return driver;
  };
  const callbackUrl = (provider: SocialProvider) => new URL(`/oauth/${provider}/callback`, config.publicUrl).href;
  // SameSite=Lax: the provider sends the browser back with a top-level GET, which Lax allows.
  // Over https the cookie is a `__Host-` cookie: only this exact host can set it, so a sibling
  // subdomain cannot plant a binding value it also used for its own sign-in. (The prefix needs
  // Secure and Path=/; over plain http, on a developer's machine, it is `nuvem_oauth` on /oauth.)
  const https = config.publicUrl.protocol === 'https:';
  const browserCookieName = https ? `__Host-${OAUTH_BROWSER_COOKIE}` : OAUTH_BROWSER_COOKIE;
  const browserCookie: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: https,
    path: https ? '/' : '/oauth',
  };

  app.get(
    '/oauth/:provider',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        params: providerParams,
        querystring: redirectQuerySchema,
        response: { 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const allowed = ownOrigins(request, config.publicUrl.origin, config.allowedRedirectOrigins);
      const redirectTo = safeRedirect(request.query.redirect, allowed);
      reply.header('cache-control', 'no-store');
      const driver = drivers.get(provider);
      // A browser navigation (the 'Entrar com Google' button, say) on an installation without this
      // provider: back to the sign-in page, which says why and offers the other ways.
      if (!driver) return reply.redirect(signInPage(`${provider}_not_configured`, redirectTo));

      const limit = await app.limiter.hit(
        `oauth-start:ip:${limitAddress(request.ip)}`,
        OAUTH_STARTS_PER_MINUTE,
        60_000,
      );
      if (!limit.allowed) return reply.redirect(signInPage('rate_limited', redirectTo));
      if (!(await states.hasRoom(MAX_PENDING_STATES))) {
        request.log.warn({ provider }, 'too many social sign-ins pending: start refused');
        return reply.redirect(signInPage('rate_limited', redirectTo));
      }

      // One binding per browser, kept across starts, so sign-ins begun in two tabs both work.
      const presented = request.cookies[browserCookieName];
      const browser = presented && browserValue.test(presented) ? presented : randomToken();
      const state = randomToken();
      const codeVerifier = randomToken(48);
      const nonce = randomToken(16);
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
        return reply.redirect(signInPage('social_unavailable', redirectTo));
      }
      await states.save({
        stateHash: sha256(state),
        provider,
        browserHash: sha256(browser),
        codeVerifier,
        nonce,
        redirectTo,
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
      reply.setCookie(browserCookieName, browser, { ...browserCookie, maxAge: STATE_TTL_MS / 1000 });
      return reply.redirect(location);
    },
  );

  app.get(
    '/oauth/:provider/callback',
    {
      config: { auth: 'public' },
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
      // The binding has done its work once the provider sends the browser back, whatever happens.
      const browser = request.cookies[browserCookieName];
      reply.clearCookie(browserCookieName, browserCookie);
      if (error) return reply.redirect(signInPage(error === 'access_denied' ? 'social_cancelled' : 'social_failed'));
      if (!code || !state) return reply.redirect(signInPage('social_incomplete'));

      // A callback opened in a browser that did not start this sign-in (login CSRF: someone
      // else's code and state) finds nothing, and leaves the state to its own browser.
      const pending = browser ? await states.consume(sha256(state), provider, sha256(browser)) : undefined;
      if (!pending) {
        if (!browser) request.log.warn({ provider }, 'social sign-in callback without its browser cookie');
        return reply.redirect(signInPage('social_expired'));
      }

      let target: string;
      let profile: SocialProfile | undefined;
      try {
        profile = await driver.exchange({
          code,
          codeVerifier: pending.codeVerifier,
          nonce: pending.nonce,
          redirectUri: callbackUrl(provider),
        });
        const { user, session } = await app.auth.signInWithProfile(profile, requestMeta(request));
        if (await app.auth.hasSecondFactor(user.id)) {
          // The provider vouches for the identity, not for the second factor: the session just
          // issued ends unused, and the sign-in page asks for the second step (ticket in a cookie).
          await app.auth.endSession(session.token);
          const due = await app.auth.issueMfaTicket(user.id, true);
          setMfaTicketCookie(reply, config, due.ticket);
          request.log.info({ userId: user.id, provider }, 'social identity accepted, second factor due');
          target = mfaStepPage(due.methods, pending.redirectTo);
        } else {
          request.log.info({ userId: user.id, provider }, 'user signed in socially');
          await app.auth.noticeNewDevice(user.id, session.token);
          setSessionCookie(reply, config, session);
          target = pending.redirectTo;
        }
      } catch (err) {
        if (err instanceof OAuthError) {
          request.log.warn({ err, provider }, 'social sign-in refused');
          target = signInPage(err.code);
        } else if (err instanceof AppError && err.statusCode < 500) {
          request.log.warn({ code: err.code, provider }, 'social sign-in refused');
          // A password account with this address that nobody verified: offer to link it once this
          // browser proves the password (the sign-in page says so).
          // Or, without the password: a link mailed to the address hands the account to whoever
          // proves the mailbox (the verified owner wins).
          if (err.code === 'SOCIAL_ACCOUNT_EXISTS' && profile) {
            const token = await app.auth.offerPendingLink(profile);
            if (token) setPendingLinkCookie(reply, config, token, PENDING_LINK_TTL_MS);
            await app.auth.offerSocialClaim(profile).catch((error: unknown) => {
              request.log.error({ err: error, provider }, 'could not mail a claim link');
            });
          }
          const code = (err.code ? appErrorCodes[err.code] : undefined) ?? 'social_failed';
          target = signInPage(code, code === 'social_account_exists' ? pending.redirectTo : undefined);
        } else {
          throw err;
        }
      }
      return reply.redirect(target);
    },
  );
};
