import type { MetricRange } from '@nuvem/contracts/containers';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartRow } from '@/components/charts/chart';
import { formatDateTime, formatDayMonth, formatFixed, formatNumber, formatTime, useFormat } from '@/lib/format';
import { currentLanguage, i18n } from '@/lib/i18n';
import { niceCeiling } from '@/components/charts/axis';
import { gapBreakMs, rangeMs, summariseSeries } from '../lib/metrics-format';

export interface ChartPoint {
  /** ISO time of the sample. */
  at: string;
  value: number;
}

export interface ChartSeries {
  label: string;
  points: readonly ChartPoint[];
  /** A Tailwind text colour: the line and area are drawn in currentColor. */
  colourClass: string;
}

export interface MetricChartProps {
  title: string;
  series: readonly ChartSeries[];
  range: MetricRange;
  /** Percentages get a fixed 0–100 scale; megabytes scale to their maximum. */
  unit: '%' | 'MB';
  /** Drawn as a dashed alert line (same unit). */
  threshold?: number | undefined;
  /** Shown in the frame when there is not a single point. */
  emptyMessage?: string;
  /** True while older data is shown and newer is on its way. */
  busy?: boolean;
  /** Axis times are in the viewer's zone unless one is given (tests). */
  timeZone?: string | undefined;
  className?: string;
}

const X_TICKS = 5;
const Y_TICKS = 4;

interface Timed {
  t: number;
  value: number;
}

function timed(points: readonly ChartPoint[]): Timed[] {
  return points
    .map((p) => ({ t: Date.parse(p.at), value: p.value }))
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.value))
    .sort((a, b) => a.t - b.t);
}

/** A sample with its unit, one decimal: '45.0%', '12.3 MB', '1.5 GB' from 1024 MB on. */
export function formatMetricValue(value: number, unit: '%' | 'MB', locale: string = currentLanguage()): string {
  if (unit === '%') return i18n.t('charts:units.percent', { lng: locale, value: formatFixed(value, 1, locale) });
  return value >= 1024
    ? i18n.t('charts:units.gigabytes', { lng: locale, value: formatFixed(value / 1024, 1, locale) })
    : i18n.t('charts:units.megabytes', { lng: locale, value: formatFixed(value, 1, locale) });
}

/** An axis or threshold figure: '80%', '12.5' (megabytes: the title says the unit). */
function axisValue(value: number, unit: '%' | 'MB', locale: string): string {
  const figure = formatNumber(value, 1, locale);
  return unit === '%' ? i18n.t('charts:units.percent', { lng: locale, value: figure }) : figure;
}

/** A time-axis label, detailed as the range needs: the time up to a day, day and time for a week, the day for a month. */
function axisTime(t: number, range: MetricRange, timeZone: string | undefined, locale: string): string {
  const time = () => formatTime(t, { timeZone, seconds: false }, locale);
  if (range === '30d') return formatDayMonth(t, { timeZone }, locale);
  if (range === '7d') {
    return i18n.t('charts:metric.weekTick', {
      lng: locale,
      day: formatDayMonth(t, { timeZone }, locale),
      time: time(),
    });
  }
  return time();
}

/** What a screen reader hears instead of the drawing: min, average, max and latest of each line. */
export function describeChart(
  {
    title,
    series,
    range,
    unit,
    threshold,
    timeZone,
  }: Pick<MetricChartProps, 'title' | 'series' | 'range' | 'unit' | 'threshold' | 'timeZone'>,
  locale: string = currentLanguage(),
): string {
  const rangeText = i18n.t(`charts:metric.ranges.${range}`, { lng: locale });
  const parts = series.flatMap((s) => {
    const points = timed(s.points);
    const summary = summariseSeries(points.map((p) => p.value));
    const last = points.at(-1);
    if (!summary || !last) return [];
    const figures = {
      lng: locale,
      min: formatMetricValue(summary.min, unit, locale),
      average: formatMetricValue(summary.avg, unit, locale),
      max: formatMetricValue(summary.max, unit, locale),
      latest: formatMetricValue(summary.latest, unit, locale),
      time: formatDateTime(last.t, { timeZone }, locale),
    };
    return [
      series.length > 1
        ? i18n.t('charts:metric.namedSeries', { ...figures, name: s.label })
        : i18n.t('charts:metric.series', figures),
    ];
  });
  if (parts.length === 0) return i18n.t('charts:metric.noSamples', { lng: locale, title, range: rangeText });
  const text = { lng: locale, title, range: rangeText, series: parts.join('; ') };
  return threshold === undefined
    ? i18n.t('charts:metric.summary', text)
    : i18n.t('charts:metric.summaryWithThreshold', { ...text, threshold: axisValue(threshold, unit, locale) });
}

/** One or more series of a container's metrics over a range, on the shared chart. */
export function MetricChart({
  title,
  series,
  range,
  unit,
  threshold,
  emptyMessage,
  busy = false,
  timeZone,
  className,
}: MetricChartProps) {
  const { t } = useTranslation('charts');
  const { locale } = useFormat();
  const lines = series.map((s, i) => ({ ...s, key: `s${i}`, timed: timed(s.points) }));
  const all = lines.flatMap((l) => l.timed);
  const hasPoints = all.length > 0;

  // The window ends at the newest sample and spans the range (further back only if a point is older).
  const tEnd = hasPoints ? Math.max(...all.map((p) => p.t)) : 0;
  const tStart = hasPoints ? Math.min(tEnd - rangeMs[range], ...all.map((p) => p.t)) : -rangeMs[range];
  const peak = Math.max(0, threshold ?? 0, ...all.map((p) => p.value));
  const yMax = unit === '%' ? Math.max(100, niceCeiling(peak)) : niceCeiling(peak * 1.1);

  // One row per sample time; a stopped container leaves a hole, drawn as a break in the line.
  const times = [...new Set(all.map((p) => p.t))].sort((a, b) => a - b);
  const values = lines.map((l) => new Map(l.timed.map((p) => [p.t, p.value])));
  const maxGap = gapBreakMs(range);
  const rows: ChartRow[] = [];
  times.forEach((time, i) => {
    const previous = times[i - 1];
    if (previous !== undefined && time - previous > maxGap) {
      rows.push(Object.fromEntries([['x', (previous + time) / 2], ...lines.map((l) => [l.key, null])]) as ChartRow);
    }
    rows.push(
      Object.fromEntries([['x', time], ...lines.map((l, j) => [l.key, values[j]?.get(time) ?? null])]) as ChartRow,
    );
  });

  const rangeText = t(`metric.ranges.${range}`);
  const valueText = (value: number) => formatMetricValue(value, unit, locale);

  return (
    <Chart
      title={title}
      summary={describeChart({ title, series, range, unit, threshold, timeZone }, locale)}
      kind={lines.length === 1 ? 'area' : 'line'}
      series={lines.map((l) => {
        const latest = l.timed.at(-1);
        return {
          key: l.key,
          label: l.label,
          className: l.colourClass,
          legendValue: latest ? valueText(latest.value) : undefined,
        };
      })}
      data={rows}
      x={{
        kind: 'time',
        domain: [tStart, tEnd],
        ticks: Array.from({ length: X_TICKS }, (_, i) => tStart + ((tEnd - tStart) * i) / (X_TICKS - 1)),
        format: (value) => axisTime(value, range, timeZone, locale),
      }}
      y={{
        domain: [0, yMax],
        ticks: Array.from({ length: Y_TICKS + 1 }, (_, i) => (yMax * i) / Y_TICKS),
        format: (value) => axisValue(value, unit, locale),
      }}
      formatValue={valueText}
      formatTooltipLabel={(x) => formatDateTime(Number(x), { timeZone }, locale)}
      threshold={
        threshold === undefined
          ? undefined
          : { value: threshold, label: t('metric.threshold', { value: axisValue(threshold, unit, locale) }) }
      }
      table={{
        caption: t('metric.heading', { title, range: rangeText }),
        rowHeader: t('metric.time'),
        // Up to 240 rows per chart, refreshed every 15 seconds: built only when asked for.
        lazy: true,
        rows: times.map((time) => ({
          key: String(time),
          // Samples of the last hour are 15 seconds apart: their rows need the seconds.
          header: range === '1h' ? formatTime(time, { timeZone }, locale) : formatDateTime(time, { timeZone }, locale),
          cells: lines.map((_, j) => {
            const value = values[j]?.get(time);
            return value === undefined ? '' : valueText(value);
          }),
        })),
      }}
      emptyMessage={emptyMessage ?? t('metric.empty')}
      busy={busy}
      className={className}
    />
  );
}
