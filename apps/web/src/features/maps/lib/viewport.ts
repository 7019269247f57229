export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/**
 * The part of a `width` × `height` map shown at `zoom`, centred on `focus` where possible and
 * never past the map's edges.
 */
export function computeViewBox(width: number, height: number, zoom: number, focus: readonly [number, number]): ViewBox {
  const z = clampZoom(zoom);
  const w = width / z;
  const h = height / z;
  const x = Math.min(width - w, Math.max(0, focus[0] - w / 2));
  const y = Math.min(height - h, Math.max(0, focus[1] - h / 2));
  return { x, y, width: w, height: h };
}

export function viewBoxAttribute(box: ViewBox): string {
  return [box.x, box.y, box.width, box.height].map((n) => Number(n.toFixed(2))).join(' ');
}
