import { authMessages, SESSION_COOKIE } from '@nuvem/contracts/auth';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.js';
import { originOf } from '../../lib/redirects.js';
import type { App } from '../../types.js';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const bearer = /^Bearer\s+\S+$/i;

/**
 * Cross-site request forgery guard for the whole server. A state-changing request whose Origin
 * (or, lacking it, Referer) is neither this site (PUBLIC_URL: never the Host header, which the
 * sender chooses) nor an allowed ecosystem origin is refused with 403, and so is one that carries
 * the session cookie but names no origin at all. Browsers always send Origin on such requests. A
 * request authenticated by a bearer token (a session's access token or an API key) and carrying no
 * session cookie is let through from any origin: a browser never attaches that header on its own,
 * so another site cannot forge it.
 */
export const csrfPlugin = fp(
  async (app: App) => {
    const trusted = new Set([app.config.publicUrl.origin, ...app.config.allowedRedirectOrigins]);

    app.addHook('onRequest', (request, _reply, done) => {
      if (!stateChanging.has(request.method)) {
        done();
        return;
      }
      const origin = request.headers.origin ?? originOf(request.headers.referer);
      const carriesSession = request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
      if (!carriesSession && bearer.test(request.headers.authorization ?? '')) {
        done();
        return;
      }
      if (origin ? !trusted.has(origin) : carriesSession) {
        request.log.warn({ origin: origin ?? null }, 'cross-site request refused');
        done(new AppError(403, authMessages.crossSite, 'CSRF'));
        return;
      }
      done();
    });
  },
  { name: 'csrf' },
);
