import { alertThresholds, metricColour, type Container, type MetricRange } from '@nuvem/contracts/containers';

export type ThresholdMetric = keyof typeof alertThresholds;

/** The time-range select's labels (spec: 1h 'Last Hour', then 6h, 24h, 7d, 30d). */
export const rangeLabels: Record<MetricRange, string> = {
  '1h': 'Last Hour',
  '6h': 'Last 6 Hours',
  '24h': 'Last 24 Hours',
  '7d': 'Last 7 Days',
  '30d': 'Last 30 Days',
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

const labelOf: Record<ThresholdMetric, string> = { cpu: 'CPU', memory: 'Memory', disk: 'Disk' };

/** 'Alerts trigger when CPU > 80%, Memory > 90%, or Disk > 85%', from the contract's thresholds. */
export function alertBannerText(thresholds: Record<ThresholdMetric, number> = alertThresholds): string {
  const [cpu, memory, disk] = (['cpu', 'memory', 'disk'] as const).map(
    (metric) => `${labelOf[metric]} > ${thresholds[metric]}%`,
  );
  return `Alerts trigger when ${cpu ?? ''}, ${memory ?? ''}, or ${disk ?? ''}`;
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

function finite(n: number): number {
  return Number.isFinite(n) ? n : 0;
}

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 42.345 → '42.3%'. */
export function formatPercent(percent: number): string {
  return `${oneDecimal.format(finite(percent))}%`;
}

/** 1536.4 → '1,536 MB' (memory: whole megabytes). */
export function formatMb(mb: number): string {
  return `${wholeNumber.format(finite(mb))} MB`;
}

/** Network traffic: '12.3 MB', or '1.5 GB' from 1024 MB on. */
export function formatTraffic(mb: number): string {
  const value = finite(mb);
  return value >= 1024 ? `${oneDecimal.format(value / 1024)} GB` : `${oneDecimal.format(value)} MB`;
}

/** 3.21 → '3.2 GB'. */
export function formatGb(gb: number): string {
  return `${oneDecimal.format(finite(gb))} GB`;
}

/** Memory used/total: '512 / 1,024 MB'. */
export function formatMbOf(used: number, total: number): string {
  return `${wholeNumber.format(finite(used))} / ${formatMb(total)}`;
}

/** Disk used/total: '3.2 / 10.0 GB'. */
export function formatGbOf(used: number, total: number): string {
  return `${oneDecimal.format(finite(used))} / ${formatGb(total)}`;
}

export function formatCount(n: number): string {
  return wholeNumber.format(finite(n));
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
 * An axis label for a time, detailed as the range needs: '14:05' up to a day, 'Mon 14:00' for a
 * week, 'Jan 5' for a month.
 */
export function formatAxisTime(
  at: Date | string | number,
  range: MetricRange,
  options: TimeFormatOptions = {},
): string {
  const date = at instanceof Date ? at : new Date(at);
  const base: Intl.DateTimeFormatOptions = { timeZone: options.timeZone };
  const parts: Intl.DateTimeFormatOptions =
    range === '30d'
      ? { month: 'short', day: 'numeric' }
      : range === '7d'
        ? { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return new Intl.DateTimeFormat(options.locale ?? 'en-GB', { ...base, ...parts }).format(date);
}

/** '14 Jan, 17:05': date and time, for a chart's description whatever the range. */
export function formatFullTime(at: Date | string | number, options: TimeFormatOptions = {}): string {
  const date = at instanceof Date ? at : new Date(at);
  return new Intl.DateTimeFormat(options.locale ?? 'en-GB', {
    timeZone: options.timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** A round axis maximum at or above `value` (1, 2, 2.5, 5 or 10 times a power of ten). */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}
