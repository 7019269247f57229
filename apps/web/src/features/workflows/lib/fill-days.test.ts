import { describe, expect, it } from 'vitest';
import { countAxis, countAxisCeiling } from '@/components/charts/axis';
import { busiestDay, fillDays, sumDays, utcDay } from './fill-days';

const now = new Date('2026-03-30T23:30:00Z');

describe('fillDays', () => {
  it('gives every UTC day of the window up to today, 0 where the server listed none', () => {
    const days = fillDays(
      [
        { day: '2026-03-02', blocked: 1, flagged: 0 },
        { day: '2026-03-30', blocked: 2, flagged: 1 },
      ],
      { days: 30, now },
    );
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-03-01', blocked: 0, flagged: 0 });
    expect(days[1]).toEqual({ day: '2026-03-02', blocked: 1, flagged: 0 });
    expect(days[2]).toEqual({ day: '2026-03-03', blocked: 0, flagged: 0 });
    expect(days.at(-1)).toEqual({ day: '2026-03-30', blocked: 2, flagged: 1 });
    expect(new Set(days.map((d) => d.day)).size).toBe(30);
  });

  it('counts today by the UTC day, whatever the local hour', () => {
    // 00:30 on 31 March in Lisbon summer time is still 30 March in UTC, and the other way round.
    expect(fillDays([], { days: 3, now: new Date('2026-03-30T23:59:59Z') }).map((d) => d.day)).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
    expect(fillDays([], { days: 1, now: new Date('2026-03-31T00:00:00Z') }).map((d) => d.day)).toEqual(['2026-03-31']);
  });

  it('crosses month and year ends and a leap day', () => {
    const days = fillDays([], { days: 3, now: new Date('2028-03-01T12:00:00Z') }).map((d) => d.day);
    expect(days).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(fillDays([], { days: 2, now: new Date('2027-01-01T00:00:00Z') }).map((d) => d.day)).toEqual([
      '2026-12-31',
      '2027-01-01',
    ]);
  });

  it("widens the range for a day the server counted outside it, so the bars add up to the server's counts", () => {
    // The server's window is 30 × 24 h back from now: it can reach into the 31st calendar day.
    const days = fillDays([{ day: '2026-02-28', blocked: 4, flagged: 0 }], { days: 30, now });
    expect(days).toHaveLength(31);
    expect(days[0]).toEqual({ day: '2026-02-28', blocked: 4, flagged: 0 });
    expect(sumDays(days)).toEqual({ blocked: 4, flagged: 0 });
  });

  it('adds up a day listed twice and ignores a day it cannot read', () => {
    const days = fillDays(
      [
        { day: '2026-03-30', blocked: 1, flagged: 0 },
        { day: '2026-03-30', blocked: 2, flagged: 3 },
        { day: 'yesterday', blocked: 9, flagged: 9 },
      ],
      { days: 2, now },
    );
    expect(days).toEqual([
      { day: '2026-03-29', blocked: 0, flagged: 0 },
      { day: '2026-03-30', blocked: 3, flagged: 3 },
    ]);
  });
});

describe('the figures of the days', () => {
  const days = [
    { day: '2026-03-01', blocked: 1, flagged: 1 },
    { day: '2026-03-02', blocked: 3, flagged: 0 },
    { day: '2026-03-03', blocked: 0, flagged: 3 },
    { day: '2026-03-04', blocked: 0, flagged: 0 },
  ];

  it('adds them up and finds the busiest day (the first of equals)', () => {
    expect(sumDays(days)).toEqual({ blocked: 4, flagged: 4 });
    expect(busiestDay(days)?.day).toBe('2026-03-02');
    expect(busiestDay([{ day: '2026-03-04', blocked: 0, flagged: 0 }])).toBeUndefined();
  });

  it('gives the count axis whole, round steps', () => {
    expect(countAxisCeiling(0)).toBe(4);
    expect(countAxisCeiling(3)).toBe(4);
    expect(countAxisCeiling(5)).toBe(8);
    expect(countAxisCeiling(37)).toBe(40);
    expect(countAxisCeiling(101)).toBe(200);
    expect(countAxis(6)).toEqual({ domain: [0, 8], ticks: [0, 2, 4, 6, 8] });
    expect(countAxis(-1)).toEqual({ domain: [0, 4], ticks: [0, 1, 2, 3, 4] });
  });

  it('names a UTC day', () => {
    expect(utcDay(new Date('2026-03-05T23:59:59.999Z'))).toBe('2026-03-05');
  });
});
