import { hydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';

import { adoptLanguage, currentLanguage, languageReady } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import './i18n';
import { AppProvider } from './provider';
import { AppRouter } from './router';
import { routes } from './routes/route-table';
import { heldEarlyInput } from './early-input';
import { whenPageReady } from './page-ready';
import { readSsrState } from './ssr-state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Loads the code of the route the address names, so the first render matches the server's HTML. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

// The server rendered the page (issue 35): the browser hydrates that HTML when it reads the page in
// the same language; a visitor who chose another language in the header gets it rendered here.
const ssr = root.firstElementChild ? readSsrState() : null;
// What the visitor clicked or submitted before the page answers (held since the boot script ran).
const earlyInput = heldEarlyInput();
if (ssr) await adoptLanguage(ssr.language);
// A visitor who reads Portuguese gets it from the first paint (its catalogue is a separate file).
await languageReady();

// Once the page's own content has hydrated (or rendered): what was held is done, and the page says so.
whenPageReady(appReady);
const queryClient: QueryClient = createQueryClient();
if (ssr && currentLanguage() === ssr.language) {
  await loadMatchedRoutes();
  hydrate(queryClient, ssr.queries);
  hydrateRoot(
    root,
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter hydrationData={ssr.router} />
      </AppProvider>
    </StrictMode>,
  );
} else {
  // The server's HTML goes (what was held on it goes with it: only connected elements are replayed).
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}

/**
 * The page answers from now on: what was held is done again, and `<html data-app-ready>` says so
 * (the end-to-end tests wait for it after a navigation, as a person waits for a page to respond).
 */
function appReady(): void {
  earlyInput?.release();
  document.documentElement.setAttribute('data-app-ready', '');
}
