import { describe, expect, it } from 'vitest';
import { isViolationType, largestCount, outcomeVariant, shortHash, threatVariant } from './security-display';

describe('security display', () => {
  it('colours a threat level by what happens to it', () => {
    expect(['none', 'low', 'medium', 'high', 'critical'].map((l) => threatVariant(l as 'none'))).toEqual([
      'success',
      'secondary',
      'warning',
      'destructive',
      'destructive',
    ]);
    expect(outcomeVariant('blocked')).toBe('destructive');
    expect(outcomeVariant('offline')).toBe('destructive');
    expect(outcomeVariant('flagged')).toBe('warning');
  });

  it('knows the contract’s violation types and nothing else', () => {
    expect(isViolationType('instruction_override')).toBe(true);
    expect(isViolationType('something_new')).toBe(false);
  });

  it('shortens a hash and finds the largest count', () => {
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab');
    expect(largestCount([{ count: 2 }, { count: 7 }, { count: 1 }])).toBe(7);
    expect(largestCount([])).toBe(0);
  });
});
