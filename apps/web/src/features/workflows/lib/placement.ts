import type { XYPosition } from '@xyflow/react';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How many random places are tried before settling for the one farthest from the others. */
export const PLACEMENT_TRIES = 24;
/** Space kept between a new node and the others (a node grows by a line while it runs; its dots stick out). */
const GAP = 40;

function overlaps(a: Box, b: Box): boolean {
  return (
    a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP
  );
}

function distance(a: XYPosition, b: Box): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * A random place for a new node of `size` (spec 2: nodes are added at a random position) that
 * covers no other node, so every node and its connection dots stay in reach; when the canvas is
 * too full for that, the tried place farthest from the others.
 */
export function freeRandomSpot(
  random: () => XYPosition,
  occupied: readonly Box[],
  size: { width: number; height: number },
  tries = PLACEMENT_TRIES,
): XYPosition {
  let best: XYPosition | null = null;
  let bestDistance = -1;
  for (let i = 0; i < tries; i += 1) {
    const spot = random();
    const box = { ...spot, ...size };
    if (!occupied.some((other) => overlaps(box, other))) return spot;
    const nearest = Math.min(...occupied.map((other) => distance(spot, other)));
    if (nearest > bestDistance) {
      best = spot;
      bestDistance = nearest;
    }
  }
  return best ?? random();
}
