import { describe, expect, it } from 'vitest';
import { addMonths, allowanceMonthAt, periodAfter, periodAt, periodBoundary } from './periods.js';

const d = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('calendar billing periods', () => {
  it('runs monthly periods by the calendar: 1 Dec -> 1 Jan -> 1 Feb, not 30 days', () => {
    const anchor = d('2025-12-01T10:00:00.000Z');
    expect(iso(periodBoundary(anchor, 'monthly', 1))).toBe('2026-01-01T10:00:00.000Z');
    expect(iso(periodBoundary(anchor, 'monthly', 2))).toBe('2026-02-01T10:00:00.000Z');
  });

  it('clamps the 31st to the month end and comes back from the anchor, never chained', () => {
    const anchor = d('2026-01-31T08:30:00.000Z');
    expect([1, 2, 3, 4].map((n) => iso(periodBoundary(anchor, 'monthly', n)))).toEqual([
      '2026-02-28T08:30:00.000Z',
      '2026-03-31T08:30:00.000Z',
      '2026-04-30T08:30:00.000Z',
      '2026-05-31T08:30:00.000Z',
    ]);
    // A leap year's February.
    expect(iso(addMonths(d('2028-01-31T00:00:00.000Z'), 1))).toBe('2028-02-29T00:00:00.000Z');
  });

  it('runs yearly periods by the calendar, 29 Feb clamped to 28 Feb', () => {
    const anchor = d('2028-02-29T12:00:00.000Z');
    expect(iso(periodBoundary(anchor, 'yearly', 1))).toBe('2029-02-28T12:00:00.000Z');
    expect(iso(periodBoundary(anchor, 'yearly', 4))).toBe('2032-02-29T12:00:00.000Z');
  });

  it('finds the period containing a moment, boundaries included in the next one', () => {
    const anchor = d('2026-01-31T08:30:00.000Z');
    const feb = periodAt(anchor, 'monthly', d('2026-03-15T00:00:00.000Z'));
    expect([feb.index, iso(feb.start), iso(feb.end)]).toEqual([
      1,
      '2026-02-28T08:30:00.000Z',
      '2026-03-31T08:30:00.000Z',
    ]);
    const atBoundary = periodAt(anchor, 'monthly', d('2026-03-31T08:30:00.000Z'));
    expect(iso(atBoundary.start)).toBe('2026-03-31T08:30:00.000Z');
    const justBefore = periodAt(anchor, 'monthly', d('2026-03-31T08:29:59.999Z'));
    expect(iso(justBefore.start)).toBe('2026-02-28T08:30:00.000Z');
    // Before the anchor, periods count back from it.
    const before = periodAt(anchor, 'yearly', d('2025-01-01T00:00:00.000Z'));
    expect([before.index, iso(before.start), iso(before.end)]).toEqual([
      -2,
      '2024-01-31T08:30:00.000Z',
      '2025-01-31T08:30:00.000Z',
    ]);
    const monthBefore = periodAt(anchor, 'monthly', d('2026-01-15T00:00:00.000Z'));
    expect([monthBefore.index, iso(monthBefore.start)]).toEqual([-1, '2025-12-31T08:30:00.000Z']);
    const later = periodAt(anchor, 'yearly', d('2029-06-01T00:00:00.000Z'));
    expect([later.index, iso(later.start)]).toEqual([3, '2029-01-31T08:30:00.000Z']);
  });

  it('gives the period after an end, and allowance months inside a yearly period', () => {
    const anchor = d('2026-01-31T08:30:00.000Z');
    const next = periodAfter(anchor, 'monthly', d('2026-02-28T08:30:00.000Z'));
    expect([iso(next.start), iso(next.end)]).toEqual(['2026-02-28T08:30:00.000Z', '2026-03-31T08:30:00.000Z']);
    const month = allowanceMonthAt(anchor, d('2026-07-04T00:00:00.000Z'));
    expect([iso(month.start), iso(month.end)]).toEqual(['2026-06-30T08:30:00.000Z', '2026-07-31T08:30:00.000Z']);
  });
});
