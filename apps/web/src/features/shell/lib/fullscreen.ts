/** Subscribes to fullscreen changes (for useSyncExternalStore). */
export function subscribeFullscreen(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

export function isFullscreen(): boolean {
  return Boolean(document.fullscreenElement);
}

/**
 * Enters or leaves fullscreen. The browser may refuse (no user gesture, an iframe without
 * permission, no Fullscreen API at all): that is only logged, the page carries on.
 */
export async function toggleFullscreen(): Promise<void> {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch (error) {
    console.warn('Fullscreen toggle failed', error);
  }
}
