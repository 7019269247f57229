import { describe, expect, it } from 'vitest';
import { freeRandomSpot } from './placement';

const size = { width: 200, height: 80 };

describe('freeRandomSpot', () => {
  it('takes the first random place that covers no other node', () => {
    const spots = [
      { x: 10, y: 10 },
      { x: 150, y: 40 },
      { x: 400, y: 300 },
    ];
    const random = () => spots.shift() ?? { x: 0, y: 0 };
    expect(freeRandomSpot(random, [{ x: 0, y: 0, width: 200, height: 80 }], size)).toEqual({ x: 400, y: 300 });
  });

  it('keeps a gap between nodes', () => {
    const spots = [
      { x: 230, y: 0 },
      { x: 240, y: 0 },
    ];
    const random = () => spots.shift() ?? { x: 0, y: 0 };
    expect(freeRandomSpot(random, [{ x: 0, y: 0, width: 200, height: 80 }], size)).toEqual({ x: 240, y: 0 });
  });

  it('settles for the place farthest from the others when none is free', () => {
    const spots = [
      { x: 10, y: 0 },
      { x: 90, y: 30 },
      { x: 40, y: 10 },
    ];
    const random = () => spots.shift() ?? { x: 0, y: 0 };
    expect(freeRandomSpot(random, [{ x: 0, y: 0, width: 200, height: 80 }], size, 3)).toEqual({ x: 90, y: 30 });
  });

  it('takes the first place on an empty canvas', () => {
    expect(freeRandomSpot(() => ({ x: 7, y: 9 }), [], size)).toEqual({ x: 7, y: 9 });
  });
});
