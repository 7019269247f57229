import { useTranslation } from 'react-i18next';
import { Chart } from '@/components/charts/chart';
import { formatDayMonth, useFormat } from '@/lib/format';
import { countAxis } from '@/components/charts/axis';
import { busiestDay, sumDays, type DayCount } from '../lib/fill-days';

/** 'Mar 5' (en) / '05/03' (pt-PT) for '2026-03-05': the server counts per UTC day, so shown as such. */
export function formatUtcDay(day: string, locale: string): string {
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? day : formatDayMonth(parsed, { timeZone: 'UTC' }, locale);
}

export interface SecurityChartProps {
  /** Every day of the window, empty ones included (see `fillDays`). */
  days: readonly DayCount[];
  /** How many days the window is, for the title ('last 30 days'). */
  windowDays: number;
  busy?: boolean;
}

/** The records per day, blocked and flagged stacked, on the app's one chart, with the numbers as a table. */
export function SecurityChart({ days, windowDays, busy = false }: SecurityChartProps) {
  const { t } = useTranslation('workflows');
  const f = useFormat();
  const title = t('chart.title');
  const range = t('chart.range', { days: windowDays });
  const totals = sumDays(days);
  const busiest = busiestDay(days);
  const summary = busiest
    ? t('chart.summary', {
        title,
        range,
        blocked: f.count(totals.blocked),
        flagged: f.count(totals.flagged),
        day: formatUtcDay(busiest.day, f.locale),
        busiest: f.count(busiest.blocked + busiest.flagged),
      })
    : t('chart.none', { title, range });
  // About six labels on a month, the last (today) always.
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  const axis = countAxis(Math.max(0, ...days.map((day) => day.blocked + day.flagged)));
  const series = [
    { key: 'blocked', label: t('names.outcomes.blocked'), colour: 'var(--color-destructive)', testId: 'day-bar' },
    { key: 'flagged', label: t('names.outcomes.flagged'), colour: 'var(--color-warning)' },
  ] as const;

  return (
    <Chart
      title={title}
      summary={summary}
      kind="bar"
      series={series}
      // A month of zeros is drawn as the empty frame with its sentence, not as a flat line of nothing.
      data={busiest ? days.map((day) => ({ x: day.day, blocked: day.blocked, flagged: day.flagged })) : []}
      x={{
        kind: 'category',
        ticks: days.filter((_, i) => (days.length - 1 - i) % labelEvery === 0).map((day) => day.day),
        format: (day) => formatUtcDay(day, f.locale),
      }}
      y={{ domain: axis.domain, ticks: axis.ticks, format: f.count }}
      formatValue={f.count}
      table={{
        caption: t('chart.heading', { title, range }),
        toggle: t('chart.table'),
        rowHeader: t('chart.day'),
        rows: days.map((day) => ({
          key: day.day,
          header: formatUtcDay(day.day, f.locale),
          cells: [f.count(day.blocked), f.count(day.flagged)],
        })),
      }}
      emptyMessage={summary}
      busy={busy}
      height={180}
    />
  );
}
