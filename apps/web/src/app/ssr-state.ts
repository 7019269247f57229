import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from '@/lib/i18n/languages';

/** Where the server writes what the browser needs to hydrate its render (a JSON data block: the CSP allows no inline script). */
export const SSR_STATE_ELEMENT_ID = 'nuvem-ssr-state';

/** The server render's inputs the browser must reproduce to hydrate the same tree. */
export interface SsrState {
  language: Language;
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null; errors: null };
  queries: DehydratedState;
}

/** The state the server wrote into the page, or null (no server render: render in the browser). */
export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}
