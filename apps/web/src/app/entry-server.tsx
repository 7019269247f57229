import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { i18n, loadLanguage, loadNamespaces } from '@/lib/i18n';
import { languages, type Language } from '@/lib/i18n/languages';
import { createQueryClient } from '@/lib/query-client';
import { setServerRequestLanguages } from '@/lib/server-request';
import { allNamespaces } from './i18n';
import { AppProvider } from './provider';
import { routes } from './routes/route-table';
import { prefetchPageData, type PageDataFetcher } from './ssr-data';
import type { SsrState } from './ssr-state';

/**
 * The server's render of a page (issue 35): the HTML a visitor sees before any script runs, in
 * their language, with the public data the page shows first (the events, the plans), which the
 * browser then hydrates (`main.tsx`). Built by `vite build --ssr` into `dist-ssr/` and called by
 * the server's web-app plugin; every page is rendered signed out as far as the page itself goes
 * (the session is checked by the browser, as the spec's auth provider does), so one render of a
 * public page serves every visitor of that language.
 */
export interface RenderedPage {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** What the browser needs to hydrate the same tree (router data, query cache, language). */
  state: SsrState;
  /** 200, or the status of the route's own answer (404 for an unknown address). */
  status: number;
  /** How long the render took (reading its data and rendering, not its wait for a turn), in milliseconds. */
  renderMs: number;
}

let ready: Promise<void> | null = null;

/** Every namespace of every language, once: a server render never waits on a catalogue. */
function loadCatalogues(): Promise<void> {
  ready ??= (async () => {
    await loadNamespaces(allNamespaces);
    for (const language of languages) await loadLanguage(language);
  })();
  return ready;
}

// One i18next instance (the app's modules read it directly): renders take turns, each switching
// the language and rendering synchronously before the next begins.
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

export async function render(
  url: string,
  language: Language,
  fetchData: PageDataFetcher,
  onRenderError?: (errors: unknown[]) => void,
  /** The tags of the request's Accept-Language, most wanted first (the regional variant of dates). */
  acceptLanguages: readonly string[] = [],
): Promise<RenderedPage> {
  await loadCatalogues();
  const request = new Request(new URL(url, 'http://nuvem.local'));
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error('a page route answered with a redirect');
  const queryClient: QueryClient = createQueryClient();
  const fetching = performance.now();
  await prefetchPageData(queryClient, new URL(request.url), fetchData);
  const fetchMs = performance.now() - fetching;
  return inTurn(async () => {
    const started = performance.now();
    await i18n.changeLanguage(language);
    setServerRequestLanguages(acceptLanguages);
    const router = createStaticRouter(handler.dataRoutes, context);
    const errors: unknown[] = [];
    // Waits for every Suspense boundary (lazy menus, catalogue namespaces), so the HTML is whole.
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
      // No boundary is written apart to be moved in by an inline script (the CSP allows none).
      { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    // A part that cannot render on the server is left to the browser; the server says so in its log.
    if (errors.length > 0) onRenderError?.(errors);
    return {
      html,
      status: context.statusCode,
      renderMs: performance.now() - started + fetchMs,
      state: {
        language,
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
        queries: dehydrate(queryClient),
      },
    };
  });
}
