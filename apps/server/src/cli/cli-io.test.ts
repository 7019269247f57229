import { describe, expect, it } from 'vitest';
import { parseDay } from './cli-io.js';

describe('parseDay', () => {
  it('reads a calendar date as the start of that day in UTC', () => {
    expect(parseDay('2025-03-01')?.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(parseDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it.each(['2025-02-30', '2025-3-1', '01-03-2025', 'yesterday', '2025-03-01T10:00'])('refuses %j', (text) => {
    expect(parseDay(text)).toBeNull();
  });
});
