import { alertThresholds, metricColour, type Container, type MetricRange } from '@nuvem/contracts/containers';
import { formatCount as formatWhole, formatDateTime, formatDayMonth, formatFixed, formatTime } from '@/lib/format';
import { i18n } from '@/lib/i18n';

export type ThresholdMetric = keyof typeof alertThresholds;

/** A time range in words, in the language in use (spec: 1h 'Last Hour', then 6h, 24h, 7d, 30d). */
export function rangeLabel(range: MetricRange): string {
  return i18n.t(`containers:metrics.ranges.${range}`);
}

/** The time-range labels, read in the language in use each time (for callers that index by range). */
export const rangeLabels: Readonly<Record<MetricRange, string>> = {
  get '1h'() {
    return rangeLabel('1h');
  },
  get '6h'() {
    return rangeLabel('6h');
  },
  get '24h'() {
    return rangeLabel('24h');
  },
  get '7d'() {
    return rangeLabel('7d');
  },
  get '30d'() {
    return rangeLabel('30d');
  },
};

export const rangeMs: Record<MetricRange, number> = {
  '1h': 3_600_000,
  '6h': 21_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '30d': 2_592_000_000,
};

/** The width of one history point per range, as the server buckets them (metrics-history.ts). */
export const rangeBucketMs: Record<MetricRange, number> = {
  '1h': 15_000,
  '6h': 60_000,
  '24h': 300_000,
  '7d': 3_600_000,
  '30d': 21_600_000,
};

/** A wider gap than this between two points means no samples (container stopped): the line breaks. */
export function gapBreakMs(range: MetricRange): number {
  return rangeBucketMs[range] * 2.5;
}

/** 'Alerts trigger when CPU > 80%, Memory > 90%, or Disk > 85%', from the contract's thresholds. */
export function alertBannerText(thresholds: Record<ThresholdMetric, number> = alertThresholds): string {
  return i18n.t('containers:metrics.alertBanner', {
    cpu: formatWhole(thresholds.cpu),
    memory: formatWhole(thresholds.memory),
    disk: formatWhole(thresholds.disk),
  });
}

/** Spec: an alert triggers when the value is above (not at) the metric's threshold. */
export function isAboveThreshold(metric: ThresholdMetric, percent: number): boolean {
  return percent > alertThresholds[metric];
}

/** The Tailwind text colour of a percentage (spec's metric colour). */
export const colourText = { green: 'text-success', yellow: 'text-warning', red: 'text-destructive' } as const;
export const colourBar = { green: 'bg-success', yellow: 'bg-warning', red: 'bg-destructive' } as const;

export function percentColourClass(percent: number): string {
  return colourText[metricColour(percent)];
}

// Figures come from the formatting module; the unit's place from the shared chart catalogue, so
// the cards and tables read as the charts do.
const percentOf = (value: string) => i18n.t('charts:units.percent', { value });
const megabytes = (value: string) => i18n.t('charts:units.megabytes', { value });
const gigabytes = (value: string) => i18n.t('charts:units.gigabytes', { value });

/** 42.345 → '42.3%' (en) / '42,3%' (pt-PT): a percentage of 0–100, to a tenth, as the charts show it. */
export function formatPercent(percent: number): string {
  return percentOf(formatFixed(percent, 1));
}

/** 1536.4 → '1,536 MB' (memory: whole megabytes). */
export function formatMb(mb: number): string {
  return megabytes(formatWhole(mb));
}

/** Network traffic: '12.3 MB', or '1.5 GB' from 1024 MB on. */
export function formatTraffic(mb: number): string {
  const value = Number.isFinite(mb) ? mb : 0;
  return value >= 1024 ? gigabytes(formatFixed(value / 1024, 1)) : megabytes(formatFixed(value, 1));
}

/** 3.21 → '3.2 GB'. */
export function formatGb(gb: number): string {
  return gigabytes(formatFixed(gb, 1));
}

/** Memory used/total: '512 / 1,024 MB'. */
export function formatMbOf(used: number, total: number): string {
  return `${formatWhole(used)} / ${formatMb(total)}`;
}

/** Disk used/total: '3.2 / 10.0 GB'. */
export function formatGbOf(used: number, total: number): string {
  return `${formatFixed(used, 1)} / ${formatGb(total)}`;
}

/** A whole count in the language in use: 1234 → '1,234'. */
export function formatCount(n: number): string {
  return formatWhole(n);
}

/** The mean, or null for no values (an average of nothing is not zero). */
export function average(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

export interface SeriesSummary {
  min: number;
  avg: number;
  max: number;
  latest: number;
}

/** Min, mean, max and the last value of a series, or null when it has no values. */
export function summariseSeries(values: readonly number[]): SeriesSummary | null {
  const avg = average(values);
  const latest = values.at(-1);
  if (avg === null || latest === undefined) return null;
  return { min: Math.min(...values), avg, max: Math.max(...values), latest };
}

export interface FleetSummary {
  /** Averages over running containers only: a stopped one reports zeros, which would hide load. */
  running: number;
  avgCpu: number | null;
  avgMemory: number | null;
  avgDisk: number | null;
  /** Received plus sent, over every listed container. */
  networkTotalMb: number;
}

export function summariseContainers(containers: readonly Pick<Container, 'status' | 'metrics'>[]): FleetSummary {
  const running = containers.filter((c) => c.status === 'running').map((c) => c.metrics);
  return {
    running: running.length,
    avgCpu: average(running.map((m) => m.cpu_usage)),
    avgMemory: average(running.map((m) => m.memory_usage)),
    avgDisk: average(running.map((m) => m.disk_usage)),
    networkTotalMb: containers.reduce((sum, c) => sum + c.metrics.network_rx_mb + c.metrics.network_tx_mb, 0),
  };
}

export interface TimeFormatOptions {
  locale?: string | undefined;
  timeZone?: string | undefined;
}

/**
 * An axis label for a time, detailed as the range needs: the time up to a day, day and time for
 * a week, the day for a month.
 */
export function formatAxisTime(
  at: Date | string | number,
  range: MetricRange,
  { locale, timeZone }: TimeFormatOptions = {},
): string {
  const zone = timeZone ? { timeZone } : {};
  if (range === '30d') return formatDayMonth(at, zone, locale);
  const time = formatTime(at, { ...zone, seconds: false }, locale);
  return range === '7d' ? `${formatDayMonth(at, zone, locale)} ${time}` : time;
}

/** Date and time, for a chart's description whatever the range. */
export function formatFullTime(at: Date | string | number, { locale, timeZone }: TimeFormatOptions = {}): string {
  return formatDateTime(at, timeZone ? { timeZone } : {}, locale);
}
