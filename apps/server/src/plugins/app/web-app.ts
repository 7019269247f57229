import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessages, type ErrorResponse } from '@nuvem/contracts/common';
import { isWebPagePath } from '@nuvem/contracts/web-paths';
import fp from 'fastify-plugin';
import {
  acceptedLanguageTags,
  readerLanguage,
  requestLanguage,
  serverLanguages,
  type ServerLanguage,
} from '../../lib/i18n/language.js';
import { translateMessage } from '../../lib/i18n/messages.js';
import { loggedUrl } from '../../lib/log-redaction.js';
import { jsonSurface } from '../../lib/surfaces.js';
import type { App } from '../../types.js';
import { PageRenderer, unrenderedPage } from './page-renderer.js';

/** A path naming a file (`/assets/x.js`, `/favicon.ico`): a miss is a 404, not the app's HTML. */
const filePath = /\/[^/]+\.[a-z0-9]+$/i;
/** An event's page: it answers 404 too when the event does not exist. */
const eventPage = /^\/events\/([^/]+)\/*$/i;
/** Longer ids name no event (the events API refuses them). */
const EVENT_ID_MAX = 100;
/** The language a visitor chose in the header (the web app writes it beside its local storage). */
const LANGUAGE_COOKIE = 'nuvem_lang';

/** A source map, or its precompressed copy. */
const sourceMap = /\.map(\.br|\.gz)?$/i;

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * page path answered with index.html so the client-side router can show it: with 200 when one of
 * the app's pages answers it, else with 404 (the same HTML, so the shell shows its not-found page).
 */
export const webAppPlugin = fp(
  async (app: App) => {
    const root = app.config.webDistDir;
    const indexHtml = await readFile(join(root, 'index.html'), 'utf8').catch(() => null);
    if (indexHtml === null) {
      app.log.warn({ root }, 'web app not built: run `npm run build` (API only until then)');
    } else {
      // The built files are public (the one authentication hook then does nothing for them); in
      // their own scope, so the default reaches no other route.
      await app.register(async (files) => {
        files.addHook('onRoute', (route) => {
          route.config = { ...route.config, auth: route.config?.auth ?? 'public' };
        });
        await files.register(fastifyStatic, {
          root,
          index: false,
          cacheControl: false, // set below, per file kind
          preCompressed: true, // the build writes .br and .gz beside each asset
          wildcard: false, // one route per built file; everything else reaches the not-found handler
          // The build writes hidden source maps (no sourceMappingURL in the scripts): kept on disk for
          // debugging a production stack trace, never served in production, where they would publish
          // the app's source. Development and tests may serve them.
          allowedPath: (pathName) =>
            !pathName.startsWith('/.vite/') && (app.config.env !== 'production' || !sourceMap.test(pathName)),
          setHeaders: (res, path) => {
            res.setHeader(
              'cache-control',
              path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
          },
        });
      });
    }

    // The server's render of the pages (issue 35): built beside the app by `npm run build`.
    const renderer =
      indexHtml === null
        ? null
        : await PageRenderer.load(join(root, '..', 'dist-ssr', 'entry-server.js'), {
            template: indexHtml,
            fetchData: async (url) => {
              const reply = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
              if (reply.statusCode !== 200) throw new Error(`${url} answered ${String(reply.statusCode)}`);
              return reply.json();
            },
            onRenderError: (url, errors) =>
              app.log.warn({ url: loggedUrl(url), err: errors[0] }, 'part of a page did not render on the server'),
          });
    if (indexHtml !== null && renderer === null)
      app.log.info('pages render in the browser (no server build of the web app)');

    /** The language a page is rendered in: the visitor's choice in the header, else their browser's. */
    function pageLanguage(request: {
      cookies?: Record<string, string | undefined>;
      headers: Record<string, unknown>;
    }): ServerLanguage {
      const chosen = serverLanguages.find((language) => language === request.cookies?.[LANGUAGE_COOKIE]);
      if (chosen) return chosen;
      return requestLanguage(request.headers['accept-language'] as string | undefined) ?? 'en';
    }

    /**
     * 200 for an address one of the app's pages answers, else 404. An event's page is looked up
     * (it is public: its 404 tells nothing a visitor could not learn from the API); a look-up that
     * fails serves the page, which then says what it can. Other pages with ids (a profile, a
     * container's logs, an organisation) are for signed-in people: only the page learns of a miss.
     */
    async function pageStatus(path: string): Promise<200 | 404> {
      if (!isWebPagePath(path)) return 404;
      const event = eventPage.exec(path)?.[1];
      if (event === undefined || !app.hasDecorator('eventsCatalogue')) return 200;
      let id: string;
      try {
        id = decodeURIComponent(event);
      } catch {
        return 404;
      }
      if (id.length > EVENT_ID_MAX) return 404;
      try {
        return (await app.eventsCatalogue.exists(id)) ? 200 : 404;
      } catch (error) {
        app.log.warn({ err: error }, 'could not look an event page up');
        return 200;
      }
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !jsonSurface.test(path) && !filePath.test(path);
      if (isPage && indexHtml !== null) {
        const status = await pageStatus(path);
        const pageIn = pageLanguage(request);
        const rendered =
          renderer !== null && request.method === 'GET'
            ? await renderer.page(request.url, pageIn, acceptedLanguageTags(request.headers['accept-language']))
            : null;
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Language, Cookie')
          .send(rendered ?? (renderer === null ? indexHtml : unrenderedPage(indexHtml, pageIn)));
      }
      if (isPage) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The Nuvem web app is not built yet. Run `npm run build` (or `npm start`, which builds it).');
      }
      // In the reader's language, like every other error the server sends.
      const language = readerLanguage(request, reply);
      const error = language ? translateMessage(errorMessages.notFound, language) : errorMessages.notFound;
      const body: ErrorResponse = { success: false, error, code: 'NOT_FOUND' };
      return reply.code(404).send(body);
    });
  },
  { name: 'web-app' },
);
