import { useTranslation } from 'react-i18next';
import { countAxis } from '@/components/charts/axis';
import { Chart } from '@/components/charts/chart';
import { formatCount, formatDayMonth, useFormat } from '@/lib/format';
import { currentLanguage, i18n } from '@/lib/i18n';

export interface UsageDay {
  /** 'YYYY-MM-DD', a UTC day. */
  date: string;
  allowed: number;
  rate_limited: number;
  rejected: number;
}

type Part = 'allowed' | 'rate_limited' | 'rejected';

/**
 * Bottom to top, as they are stacked. `label` is read in the language in use each time (a
 * component that shows it re-renders when the language changes).
 */
export const usageParts: readonly { key: Part; label: string; colourClass: string; colour: string }[] = [
  {
    key: 'allowed',
    get label() {
      return i18n.t('charts:usage.parts.allowed');
    },
    colourClass: 'text-success',
    colour: 'var(--color-success)',
  },
  {
    key: 'rate_limited',
    get label() {
      return i18n.t('charts:usage.parts.rateLimited');
    },
    colourClass: 'text-warning',
    colour: 'var(--color-warning)',
  },
  {
    key: 'rejected',
    get label() {
      return i18n.t('charts:usage.parts.rejected');
    },
    colourClass: 'text-destructive',
    colour: 'var(--color-destructive)',
  },
];

/** 'Mar 5' (en) / '05/03' (pt-PT) for '2026-03-05': the stats' days are UTC days, so shown as such. */
export function formatDay(date: string, locale: string = currentLanguage()): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : formatDayMonth(parsed, { timeZone: 'UTC' }, locale);
}

export function dayTotal(day: UsageDay): number {
  return day.allowed + day.rate_limited + day.rejected;
}

/** 'Requests per day, last 7 days': the chart's title and period, as the table's caption. */
function heading(rangeLabel: string, locale: string): string {
  return i18n.t('charts:usage.heading', {
    lng: locale,
    title: i18n.t('charts:usage.title', { lng: locale }),
    range: rangeLabel.toLowerCase(),
  });
}

/** What a screen reader hears instead of the drawing: the totals and the busiest day. */
export function describeUsage(
  days: readonly UsageDay[],
  rangeLabel: string,
  locale: string = currentLanguage(),
): string {
  const head = {
    lng: locale,
    title: i18n.t('charts:usage.title', { lng: locale }),
    range: rangeLabel.toLowerCase(),
  };
  const totals = sumDays(days);
  const all = totals.allowed + totals.rate_limited + totals.rejected;
  const busiest = days.reduce<UsageDay | undefined>(
    (best, day) => (!best || dayTotal(day) > dayTotal(best) ? day : best),
    undefined,
  );
  if (all === 0 || !busiest) return i18n.t('charts:usage.noRequests', head);
  return i18n.t('charts:usage.summary', {
    ...head,
    count: dayTotal(busiest),
    total: formatCount(all, locale),
    allowed: formatCount(totals.allowed, locale),
    rateLimited: formatCount(totals.rate_limited, locale),
    rejected: formatCount(totals.rejected, locale),
    day: formatDay(busiest.date, locale),
    busiest: formatCount(dayTotal(busiest), locale),
  });
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

/** A key's requests per day, stacked by outcome, on the shared chart, with its numbers as a table. */
export function UsageChart({ days, rangeLabel, busy = false, className }: UsageChartProps) {
  const { t } = useTranslation('charts');
  const f = useFormat();
  const yAxis = countAxis(Math.max(0, ...days.map(dayTotal)));
  // Every label on a week; about six on a month.
  const labelEvery = Math.max(1, Math.ceil(days.length / 7));

  return (
    <Chart
      title={t('usage.title')}
      summary={describeUsage(days, rangeLabel, f.locale)}
      kind="bar"
      series={usageParts.map((part) => ({
        key: part.key,
        label: part.label,
        colour: part.colour,
        // One mark per day, zero days included.
        testId: part.key === 'allowed' ? 'usage-bar' : undefined,
      }))}
      data={days.map((day) => ({
        x: day.date,
        allowed: day.allowed,
        rate_limited: day.rate_limited,
        rejected: day.rejected,
      }))}
      x={{
        kind: 'category',
        ticks: days.filter((_, i) => i % labelEvery === 0 || i === days.length - 1).map((day) => day.date),
        format: (date) => formatDay(date, f.locale),
      }}
      y={{
        domain: yAxis.domain,
        ticks: yAxis.ticks,
        format: f.count,
      }}
      formatValue={f.count}
      table={{
        caption: heading(rangeLabel, f.locale),
        toggle: t('usage.table'),
        rowHeader: t('usage.day'),
        rows: days.map((day) => ({
          key: day.date,
          header: formatDay(day.date, f.locale),
          cells: usageParts.map((part) => f.count(day[part.key])),
        })),
      }}
      emptyMessage={describeUsage(days, rangeLabel, f.locale)}
      busy={busy}
      className={className}
    />
  );
}
