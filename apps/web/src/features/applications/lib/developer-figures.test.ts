import { describe, expect, it } from 'vitest';
import { activeKeyCount, isKeyActive, totalRequests } from './developer-figures';

const now = Date.parse('2025-06-01T12:00:00.000Z');
const future = '2026-06-01T12:00:00.000Z';
const past = '2025-05-01T12:00:00.000Z';

describe('developer figures', () => {
  it('sums the usage of every key, revoked ones included', () => {
    expect(totalRequests([{ usage_count: 10 }, { usage_count: 0 }, { usage_count: 32 }])).toBe(42);
    expect(totalRequests([])).toBe(0);
  });

  it('counts a key as active only when neither revoked nor expired', () => {
    expect(isKeyActive({ revoked_at: null, expires_at: future }, now)).toBe(true);
    expect(isKeyActive({ revoked_at: '2025-05-30T00:00:00.000Z', expires_at: future }, now)).toBe(false);
    expect(isKeyActive({ revoked_at: null, expires_at: past }, now)).toBe(false);
    expect(isKeyActive({ revoked_at: null, expires_at: new Date(now).toISOString() }, now)).toBe(false);
    expect(
      activeKeyCount(
        [
          { revoked_at: null, expires_at: future },
          { revoked_at: null, expires_at: future },
          { revoked_at: past, expires_at: future },
          { revoked_at: null, expires_at: past },
        ],
        now,
      ),
    ).toBe(2);
  });
});
