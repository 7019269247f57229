/** One UTC day's records on the Security tab's chart. */
export interface DayCount {
  /** 'YYYY-MM-DD', a UTC day (the server counts per UTC day). */
  day: string;
  /** Blocked requests, the fail-closed ones (layer offline) included. */
  blocked: number;
  /** Agent outputs flagged (and redacted), not blocked. */
  flagged: number;
}

const DAY_MS = 24 * 3600_000;

/** The UTC day of a moment, as 'YYYY-MM-DD'. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/**
 * Every UTC day of the last `days` days up to today, each with the server's counts or 0: the
 * server lists only the days that have records. Its window is the last `days` × 24 hours, which can
 * reach into one calendar day more; a day it counted outside ours widens the range instead of being
 * dropped, so the bars always add up to what the server counted.
 */
export function fillDays(
  byDay: readonly DayCount[],
  { days, now = new Date() }: { days: number; now?: Date },
): DayCount[] {
  const counted = new Map<string, DayCount>();
  for (const entry of byDay) {
    if (!Number.isFinite(dayStart(entry.day))) continue;
    const known = counted.get(entry.day);
    counted.set(entry.day, {
      day: entry.day,
      blocked: (known?.blocked ?? 0) + entry.blocked,
      flagged: (known?.flagged ?? 0) + entry.flagged,
    });
  }
  const today = dayStart(utcDay(now));
  const starts = [...counted.keys()].map(dayStart);
  const first = Math.min(today - (Math.max(1, days) - 1) * DAY_MS, ...starts);
  const last = Math.max(today, ...starts);
  const out: DayCount[] = [];
  for (let t = first; t <= last; t += DAY_MS) {
    const day = utcDay(new Date(t));
    out.push(counted.get(day) ?? { day, blocked: 0, flagged: 0 });
  }
  return out;
}

/** The counts of all the days together. */
export function sumDays(days: readonly DayCount[]): { blocked: number; flagged: number } {
  return days.reduce((sum, day) => ({ blocked: sum.blocked + day.blocked, flagged: sum.flagged + day.flagged }), {
    blocked: 0,
    flagged: 0,
  });
}

/** The day with the most records (the earliest of equals), or undefined when all are empty. */
export function busiestDay(days: readonly DayCount[]): DayCount | undefined {
  let best: DayCount | undefined;
  for (const day of days) {
    const total = day.blocked + day.flagged;
    if (total > 0 && (!best || total > best.blocked + best.flagged)) best = day;
  }
  return best;
}
