import { cn } from '@/lib/utils';
import { formatCount } from '../lib/api-key-display';

export interface UsageDay {
  /** 'YYYY-MM-DD', a UTC day. */
  date: string;
  allowed: number;
  rate_limited: number;
  rejected: number;
}

type Part = 'allowed' | 'rate_limited' | 'rejected';

/** Bottom to top, as they are stacked. */
export const usageParts: readonly { key: Part; label: string; colourClass: string }[] = [
  { key: 'allowed', label: 'Allowed', colourClass: 'text-success' },
  { key: 'rate_limited', label: 'Rate limited', colourClass: 'text-warning' },
  { key: 'rejected', label: 'Rejected', colourClass: 'text-destructive' },
];

// The drawing's own coordinates; the SVG scales to its container's width through the viewBox.
const W = 640;
const H = 220;
const PAD = { left: 44, right: 12, top: 14, bottom: 26 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;
const Y_TICKS = 4;

const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Mar 5' for '2026-03-05' (the stats' days are UTC days, so they are shown as such). */
export function formatDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayFormat.format(parsed);
}

export function dayTotal(day: UsageDay): number {
  return day.allowed + day.rate_limited + day.rejected;
}

/** A round, whole axis maximum at or above the value: Y_TICKS steps of 1, 2, 2.5 or 5 × 10^n. */
export function niceCeiling(value: number): number {
  const raw = value / Y_TICKS;
  if (raw <= 1) return Y_TICKS;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw && Number.isInteger(s));
  return (step ?? 10 * magnitude) * Y_TICKS;
}

/** What a screen reader hears instead of the drawing: the totals and the busiest day. */
export function describeUsage(days: readonly UsageDay[], rangeLabel: string): string {
  const head = `Requests per day, ${rangeLabel.toLowerCase()}`;
  const totals = sumDays(days);
  const all = totals.allowed + totals.rate_limited + totals.rejected;
  if (all === 0) return `${head}: no requests`;
  const busiest = days.reduce<UsageDay | undefined>(
    (best, day) => (!best || dayTotal(day) > dayTotal(best) ? day : best),
    undefined,
  );
  const parts = `${formatCount(totals.allowed)} allowed, ${formatCount(totals.rate_limited)} rate limited, ${formatCount(totals.rejected)} rejected`;
  const peak = busiest
    ? `; busiest day ${formatDay(busiest.date)} with ${formatCount(dayTotal(busiest))} requests`
    : '';
  return `${head}: ${formatCount(all)} in all (${parts})${peak}`;
}

export function sumDays(days: readonly UsageDay[]): Omit<UsageDay, 'date'> {
  return days.reduce(
    (sum, day) => ({
      allowed: sum.allowed + day.allowed,
      rate_limited: sum.rate_limited + day.rate_limited,
      rejected: sum.rejected + day.rejected,
    }),
    { allowed: 0, rate_limited: 0, rejected: 0 },
  );
}

export interface UsageChartProps {
  days: readonly UsageDay[];
  /** 'Last 7 days': for the caption and the description. */
  rangeLabel: string;
  /** True while newer numbers are on their way. */
  busy?: boolean;
  className?: string;
}

/** A dependency-free stacked bar chart of a key's requests per day, with its numbers as a table. */
export function UsageChart({ days, rangeLabel, busy = false, className }: UsageChartProps) {
  const peak = Math.max(0, ...days.map(dayTotal));
  const yMax = niceCeiling(peak);
  const slot = days.length > 0 ? PLOT_W / days.length : PLOT_W;
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  const y = (v: number) => PAD.top + PLOT_H - (v / yMax) * PLOT_H;
  const yTicks = Array.from({ length: Y_TICKS + 1 }, (_, i) => (yMax * i) / Y_TICKS);
  // Every label on a week; about six on a month.
  const labelEvery = Math.max(1, Math.ceil(days.length / 7));

  return (
    <figure className={cn('flex min-w-0 flex-col gap-2', className)}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">Requests per day</span>
        <span className="flex flex-wrap gap-3 text-xs text-muted-foreground" aria-hidden="true">
          {usageParts.map((part) => (
            <span key={part.key} className="inline-flex items-center gap-1">
              <span className={cn('size-2 rounded-sm bg-current', part.colourClass)} />
              {part.label}
            </span>
          ))}
        </span>
      </figcaption>
      <svg
        role="img"
        aria-label={describeUsage(days, rangeLabel)}
        aria-busy={busy || undefined}
        viewBox={`0 0 ${W} ${H}`}
        className={cn('h-auto w-full overflow-visible transition-opacity', busy && 'opacity-60')}
      >
        <g className="text-glass-border" stroke="currentColor" strokeWidth={1}>
          {yTicks.map((v) => (
            <line
              key={v}
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              strokeDasharray={v === 0 ? undefined : '2 4'}
            />
          ))}
        </g>
        <g className="text-muted-foreground" fill="currentColor" fontSize={11}>
          {yTicks.map((v) => (
            <text key={v} x={PAD.left - 6} y={y(v)} textAnchor="end" dominantBaseline="middle">
              {formatCount(v)}
            </text>
          ))}
          {days.map((day, i) =>
            i % labelEvery === 0 || i === days.length - 1 ? (
              <text key={day.date} x={PAD.left + slot * (i + 0.5)} y={H - 8} textAnchor="middle">
                {formatDay(day.date)}
              </text>
            ) : null,
          )}
        </g>
        {days.map((day, i) => {
          const x = PAD.left + slot * (i + 0.5) - barWidth / 2;
          let base = 0;
          return (
            <g key={day.date} data-testid="usage-bar">
              <title>{`${formatDay(day.date)}: ${formatCount(day.allowed)} allowed, ${formatCount(day.rate_limited)} rate limited, ${formatCount(day.rejected)} rejected`}</title>
              {usageParts.map((part) => {
                const value = day[part.key];
                if (value <= 0) return null;
                const top = y(base + value);
                const height = y(base) - top;
                base += value;
                return (
                  <rect
                    key={part.key}
                    className={part.colourClass}
                    fill="currentColor"
                    x={x}
                    y={top}
                    width={barWidth}
                    height={Math.max(height, 0.5)}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Daily numbers</summary>
        <table className="mt-2 w-full text-left text-xs tabular-nums">
          <caption className="sr-only">Requests per day, {rangeLabel.toLowerCase()}</caption>
          <thead>
            <tr className="text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              {usageParts.map((part) => (
                <th key={part.key} scope="col" className="py-1 text-right font-medium">
                  {part.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-t border-glass-border">
                <th scope="row" className="py-1 font-normal">
                  {formatDay(day.date)}
                </th>
                {usageParts.map((part) => (
                  <td key={part.key} className="py-1 text-right">
                    {formatCount(day[part.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
