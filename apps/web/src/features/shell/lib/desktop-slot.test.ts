import { describe, expect, it } from 'vitest';
import { parseDesktopSlot } from './desktop-slot';

describe('parseDesktopSlot', () => {
  it.each([
    ['0', 0],
    ['3', 3],
    ['6', 6],
  ])('reads ?app=%s as slot %i', (value, slot) => {
    expect(parseDesktopSlot(value)).toBe(slot);
  });

  it.each([null, '', '7', '-1', '1.5', '03', 'abc', ' 2'])('falls back to home for %j', (value) => {
    expect(parseDesktopSlot(value)).toBe(0);
  });
});
