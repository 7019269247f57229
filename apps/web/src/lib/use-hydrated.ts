import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page is rendered on the server and while the browser hydrates that HTML, true
 * from then on: for what only the browser can tell (a WebAuthn API, a media query), so the first
 * render in the browser matches the server's and the part appears right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
