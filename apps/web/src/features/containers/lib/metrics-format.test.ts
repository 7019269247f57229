import { describe, expect, it } from 'vitest';
import { niceCeiling } from '@/components/charts/axis';
import { i18n } from '@/lib/i18n';
import {
  alertBannerText,
  average,
  formatAxisTime,
  formatGbOf,
  formatMbOf,
  formatPercent,
  formatTraffic,
  gapBreakMs,
  isAboveThreshold,
  percentColourClass,
  rangeLabels,
  summariseContainers,
  summariseSeries,
} from './metrics-format';

const metrics = (cpu: number, memory: number, disk: number, rx = 0, tx = 0) => ({
  cpu_usage: cpu,
  memory_usage: memory,
  disk_usage: disk,
  network_rx_mb: rx,
  network_tx_mb: tx,
  processes: 1,
});

describe('metrics-format', () => {
  it('builds the alert banner from the contract thresholds', () => {
    expect(alertBannerText()).toBe('Alerts trigger when CPU > 80%, Memory > 90%, or Disk > 85%');
    expect(alertBannerText({ cpu: 70, memory: 60, disk: 50 })).toBe(
      'Alerts trigger when CPU > 70%, Memory > 60%, or Disk > 50%',
    );
  });

  it('alerts only above the threshold, not at it', () => {
    expect(isAboveThreshold('cpu', 80)).toBe(false);
    expect(isAboveThreshold('cpu', 80.1)).toBe(true);
    expect(isAboveThreshold('memory', 90)).toBe(false);
    expect(isAboveThreshold('memory', 91)).toBe(true);
    expect(isAboveThreshold('disk', 85)).toBe(false);
    expect(isAboveThreshold('disk', 86)).toBe(true);
  });

  it('colours percentages as the spec says', () => {
    expect(percentColourClass(49.9)).toBe('text-success');
    expect(percentColourClass(50)).toBe('text-warning');
    expect(percentColourClass(79.9)).toBe('text-warning');
    expect(percentColourClass(80)).toBe('text-destructive');
  });

  it('formats percentages, MB and GB', () => {
    expect(formatPercent(42.345)).toBe('42.3%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(Number.NaN)).toBe('0.0%');
    expect(formatMbOf(512.4, 1024)).toBe('512 / 1,024 MB');
    expect(formatGbOf(3.21, 10)).toBe('3.2 / 10.0 GB');
    expect(formatTraffic(12.34)).toBe('12.3 MB');
    expect(formatTraffic(1536)).toBe('1.5 GB');
  });

  it('averages honestly: nothing is not zero', () => {
    expect(average([])).toBeNull();
    expect(average([10, 20, 60])).toBe(30);
    expect(summariseSeries([])).toBeNull();
    expect(summariseSeries([5, 1, 9, 3])).toEqual({ min: 1, avg: 4.5, max: 9, latest: 3 });
  });

  it('summarises the fleet over running containers, network over all', () => {
    const summary = summariseContainers([
      { status: 'running', metrics: metrics(20, 40, 60, 10, 5) },
      { status: 'running', metrics: metrics(60, 80, 20, 1, 2) },
      { status: 'stopped', metrics: metrics(0, 0, 0, 3, 4) },
    ]);
    expect(summary).toEqual({ running: 2, avgCpu: 40, avgMemory: 60, avgDisk: 40, networkTotalMb: 25 });
    expect(summariseContainers([{ status: 'stopped', metrics: metrics(0, 0, 0) }])).toMatchObject({
      running: 0,
      avgCpu: null,
    });
  });

  it('labels the ranges and formats axis times for each', () => {
    expect(rangeLabels).toEqual({
      '1h': 'Last Hour',
      '6h': 'Last 6 Hours',
      '24h': 'Last 24 Hours',
      '7d': 'Last 7 Days',
      '30d': 'Last 30 Days',
    });
    const at = '2025-01-13T17:05:00.000Z';
    const utc = { timeZone: 'UTC' };
    expect(formatAxisTime(at, '1h', utc)).toBe('05:05 PM');
    expect(formatAxisTime(at, '24h', utc)).toBe('05:05 PM');
    expect(formatAxisTime(at, '7d', utc)).toBe('Jan 13 05:05 PM');
    expect(formatAxisTime(at, '30d', utc)).toBe('Jan 13');
    const pt = { timeZone: 'UTC', locale: 'pt-PT' };
    expect(formatAxisTime(at, '1h', pt)).toBe('17:05');
    expect(formatAxisTime(at, '30d', pt)).toBe('13/01');
  });

  it('speaks the language in use', async () => {
    await i18n.changeLanguage('pt-PT');
    expect(rangeLabels['7d']).toBe('Últimos 7 dias');
    expect(alertBannerText()).toBe('Há alertas quando o CPU passa de 80%, a memória de 90% ou o disco de 85%');
    expect(formatPercent(42.345)).toBe('42,3%');
    expect(formatMbOf(512.4, 1024)).toBe('512 / 1024 MB');
    await i18n.changeLanguage('en');
  });

  it('breaks a line only on a gap wider than the range’s buckets', () => {
    expect(gapBreakMs('1h')).toBe(37_500);
    expect(gapBreakMs('7d')).toBe(9_000_000);
  });

  it('rounds axis maxima up to a nice number', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(120)).toBe(200);
    expect(niceCeiling(230)).toBe(250);
    expect(niceCeiling(0.3)).toBe(0.5);
  });
});
