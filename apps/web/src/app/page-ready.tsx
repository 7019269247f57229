import { useEffect } from 'react';

let onReady: (() => void) | null = null;
let fired = false;

/** Calls `callback` once, when the page's own content (not only the frame around it) has rendered in the browser. */
export function whenPageReady(callback: () => void): void {
  onReady = callback;
}

/**
 * Rendered beside a page's content (inside the boundary the content hydrates in, so its effect
 * runs once the content itself has hydrated, not only the header around it) and in the error page.
 */
export function PageReady() {
  useEffect(() => {
    if (fired || !onReady) return;
    fired = true;
    onReady();
  }, []);
  return null;
}
