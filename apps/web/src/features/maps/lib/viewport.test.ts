import { describe, expect, it } from 'vitest';
import { clampZoom, computeViewBox, viewBoxAttribute } from '@/features/maps/lib/viewport';

describe('computeViewBox', () => {
  it('shows the whole map at zoom 1', () => {
    expect(computeViewBox(960, 500, 1, [100, 100])).toEqual({ x: 0, y: 0, width: 960, height: 500 });
  });

  it('centres on the focus when zoomed', () => {
    expect(computeViewBox(960, 500, 2, [480, 250])).toEqual({ x: 240, y: 125, width: 480, height: 250 });
  });

  it('stays inside the map near its edges', () => {
    expect(computeViewBox(960, 500, 4, [950, 5])).toEqual({ x: 720, y: 0, width: 240, height: 125 });
  });

  it('clamps the zoom', () => {
    expect(clampZoom(0.1)).toBe(1);
    expect(clampZoom(100)).toBe(8);
    expect(viewBoxAttribute(computeViewBox(960, 500, 3, [0, 0]))).toBe('0 0 320 166.67');
  });
});
