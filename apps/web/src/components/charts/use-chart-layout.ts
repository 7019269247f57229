import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the visitor asks for less motion, or the browser cannot tell (no animation then). */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(reducedMotionQuery).matches;
}

/** Whether charts should draw without animation, followed as the setting changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToMotion, prefersReducedMotion, () => true);
}

/**
 * The element's width, followed as it resizes. Before the first measurement, and wherever it
 * measures 0 (no layout, as in jsdom), the fallback: Recharts draws nothing at zero width.
 */
export function useContainerWidth(fallback: number) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    if (!node) return undefined;
    const measure = (measured: number) => {
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure(node.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return [setNode, width] as const;
}

/** The `<g>` layers Recharts renders its parts into, through React portals. */
const PORTAL_LAYERS = 'svg g[class*="recharts-zIndex-layer"]:not([tabindex])';

/**
 * Keeps the drawing's layers out of the tab order. Recharts renders parts of a chart through
 * portals into `<g>` layers; React listens for focus events on every portal's container, and
 * Chromium makes an SVG element with focus listeners a tab stop: each layer took one, eight per
 * chart, none of them meaningful. Marked `tabindex="-1"`, they are not (the chart's text
 * alternatives, its summary and its table, are what a keyboard reaches).
 */
export function useNoLayerTabStops(node: HTMLElement | null): void {
  useLayoutEffect(() => {
    if (!node) return undefined;
    const mark = () => {
      for (const layer of node.querySelectorAll(PORTAL_LAYERS)) layer.setAttribute('tabindex', '-1');
    };
    mark();
    if (typeof MutationObserver === 'undefined') return undefined;
    // Layers come and go as the chart draws (a tooltip's cursor adds one).
    const observer = new MutationObserver(mark);
    observer.observe(node, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [node]);
}
