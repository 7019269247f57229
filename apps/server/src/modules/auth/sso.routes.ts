import {
  DEFAULT_APPLICATION_ID,
  redirectQuerySchema,
  SESSION_COOKIE,
  ssoCheckQuerySchema,
  ssoCheckResponseSchema,
  type SsoCheckResponse,
  ssoLogoutBodySchema,
  ssoLogoutResponseSchema,
} from '@nuvem/contracts/auth';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originOf, safeRedirect } from '../../lib/redirects.js';
import { plainJson } from '../../lib/plain-json.js';
import { bearerToken } from './principal.js';
import { deriveAccessToken } from './sessions.service.js';
import { ownOrigins } from './request-meta.js';
import { clearSessionCookie } from './session-cookie.js';
import type { SessionWithUser } from './auth.repository.js';
import { mfaStateOf, toAuthUser } from './user-view.js';

/** The SSO surface the ecosystem's apps share: /sso/check, /sso/logout and /logout. */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  // The signed-in answer of a session as cached (the in-memory cache hands back the same object
  // until the session changes or leaves the cache): every app of the ecosystem asks on every page,
  // and the user view, the derived access token and the JSON are the same each time. A session
  // found under a cookie's hash always comes from that one cookie, so its access token is too.
  const signedInAnswers = new WeakMap<SessionWithUser, string>();

  app.get(
    '/sso/check',
    {
      config: { auth: 'public' },
      schema: { tags: ['sso'], querystring: ssoCheckQuerySchema, response: { 200: ssoCheckResponseSchema } },
      // Every app's session check: its answer is typed field by field, so it is sent as plain JSON.
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.cookies[SESSION_COOKIE];
      const found = await app.auth.sessionFromCookie(token);
      if (found && token) {
        let answer = signedInAnswers.get(found);
        if (answer === undefined) {
          const body: SsoCheckResponse = {
            authenticated: true,
            user: toAuthUser(found.user),
            access_token: deriveAccessToken(token),
            mfa: mfaStateOf(found.user, found.session),
          };
          answer = JSON.stringify(body);
          signedInAnswers.set(found, answer);
        }
        // Already JSON (of the schema's type, checked above): Fastify sends a string with a JSON
        // content type as it is.
        return reply.type('application/json; charset=utf-8').send(answer as unknown as SsoCheckResponse);
      }
      // Where the calling app wants its user back after signing in: its page, if it is allowed.
      const allowed = ownOrigins(request, config.publicUrl.origin, config.allowedRedirectOrigins);
      const back = safeRedirect(request.headers.referer, allowed, `${config.publicUrl.origin}/`);
      const login = new URL('/login', config.publicUrl);
      login.searchParams.set('application_id', request.query.application_id);
      login.searchParams.set('redirect', back);
      return { authenticated: false as const, sso_login_url: login.href };
    },
  );

  app.post(
    '/sso/logout',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['sso'],
        // A client may sign out with no body (Fastify gives null) or an empty JSON one.
        body: ssoLogoutBodySchema
          .nullish()
          .describe('Optional: without a body (or with an empty one) application_id is the main application.'),
        response: { 200: ssoLogoutResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await signOut(request, reply);
      request.log.info({ applicationId: request.body?.application_id ?? DEFAULT_APPLICATION_ID }, 'signed out');
      return { success: true as const };
    },
  );

  /** Ends the session of the cookie and the one of the bearer token (either may be missing), and clears the cookie. */
  async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await app.auth.endSession(request.cookies[SESSION_COOKIE]);
    await app.auth.endSessionByAccessToken(bearerToken(request));
    clearSessionCookie(reply, config);
  }

  /**
   * GET /logout ends the session, except when another site may have sent the browser here (or
   * nothing says who did) while a session is live: then it asks first (a cross-site link must not
   * sign anyone out). The spec's flow is not
   * affected: the app's POST /sso/logout has already ended the session when it jumps here.
   */
  app.get(
    '/logout',
    { config: { auth: 'public' }, schema: { tags: ['sso'], querystring: redirectQuerySchema } },
    async (request, reply) => {
      const allowed = ownOrigins(request, config.publicUrl.origin, config.allowedRedirectOrigins);
      const redirect = safeRedirect(request.query.redirect, allowed);
      const token = request.cookies[SESSION_COOKIE];
      if (token && isCrossSite(request, allowed) && (await app.auth.sessionFromCookie(token))) {
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(signOutConfirmationPage(redirect));
      }
      await signOut(request, reply);
      return reply.redirect(redirect);
    },
  );

  // The confirmation page's form: a same-origin POST (the CSRF guard refuses any other origin).
  const formScope: FastifyPluginAsyncZod = async (form) => {
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
      },
    );
    form.post(
      '/logout',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['sso'],
          body: redirectQuerySchema,
          response: { 400: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const allowed = ownOrigins(request, config.publicUrl.origin, config.allowedRedirectOrigins);
        await signOut(request, reply);
        return reply.redirect(safeRedirect(request.body.redirect, allowed), 303);
      },
    );
  };
  await app.register(formScope);
};

/**
 * Whether this request may have come from another site. Sec-Fetch-Site `same-origin` or `none`
 * (typed, bookmarked) cannot come from another site; else a Referer names the sender (it cannot be
 * forged, only left out) and an allowed ecosystem origin counts as this site. Anything else may be
 * another site's: Sec-Fetch-Site `cross-site` or `same-site`, and a request with neither header (an
 * older browser, or a page that hides its Referer with a referrer policy), so it asks first.
 */
function isCrossSite(request: FastifyRequest, ownOrigins: ReadonlySet<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  const referer = originOf(request.headers.referer);
  if (referer) return !ownOrigins.has(referer);
  return true;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);

/** A page without scripts (CSP script-src 'self'): one button posts the form back to /logout. */
function signOutConfirmationPage(redirect: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out of Nuvem?</title>
<style>
body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: oklch(0.16 0.03 265); color: oklch(0.97 0.01 265); }
main { background: oklch(1 0 0 / 0.06); border: 1px solid oklch(1 0 0 / 0.14); border-radius: 12px; padding: 2rem; margin: 1rem; max-width: 26rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
p { color: oklch(0.78 0.03 265); }
button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 8px; border: 0; background: oklch(0.75 0.14 230); color: oklch(0.18 0.04 265); cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 2px solid oklch(0.75 0.14 230); outline-offset: 2px; }
a { color: oklch(0.75 0.14 230); }
</style>
</head>
<body>
<main>
<h1>Sign out of Nuvem?</h1>
<p>Another site asked to sign you out. Sign out only if you meant to.</p>
<form method="post" action="/logout">
<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">
<button type="submit">Sign out</button>
</form>
<p><a href="/">Stay signed in</a></p>
</main>
</body>
</html>
`;
}
