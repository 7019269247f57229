import { describe, expect, it } from 'vitest';
import { samePermutation } from './profile-entries.service.js';

describe('samePermutation', () => {
  it('accepts every id once, in any order', () => {
    expect(samePermutation(['a', 'b', 'c'], ['c', 'a', 'b'])).toBe(true);
    expect(samePermutation([], [])).toBe(true);
  });

  it('refuses a missing, unknown or repeated id', () => {
    expect(samePermutation(['a', 'b'], ['a'])).toBe(false);
    expect(samePermutation(['a', 'b'], ['a', 'x'])).toBe(false);
    expect(samePermutation(['a', 'b'], ['a', 'a'])).toBe(false);
  });
});
