import type { MetricRange } from '@nuvem/contracts/containers';
import type { ContainersRepository } from './containers.repository.js';

/** Width of one chart point per range: about 120 to 360 points whatever the range. */
export const bucketSeconds: Record<MetricRange, number> = { '1h': 15, '6h': 60, '24h': 300, '7d': 3600, '30d': 21_600 };
export const rangeSeconds: Record<MetricRange, number> = {
  '1h': 3600,
  '6h': 21_600,
  '24h': 86_400,
  '7d': 604_800,
  '30d': 2_592_000,
};
const RAW_KEEP_MS = 24 * 3600 * 1000;
const ROLLED_KEEP_MS = 30 * 24 * 3600 * 1000;

export interface MetricPoint {
  at: string;
  cpu_usage: number;
  memory_usage: number;
  disk_usage: number;
  network_rx_mb: number;
  network_tx_mb: number;
  processes: number;
}

/** The points of one container over `range`, averaged into buckets (raw and hourly rows alike). */
export async function metricHistory(
  repo: Pick<ContainersRepository, 'metricBuckets'>,
  containerId: string,
  range: MetricRange,
  now = new Date(),
): Promise<MetricPoint[]> {
  const since = new Date(now.getTime() - rangeSeconds[range] * 1000);
  const rows = await repo.metricBuckets(containerId, since, bucketSeconds[range]);
  const round1 = (v: string) => Math.round(Number(v) * 10) / 10;
  return rows.map((r) => ({
    at: new Date(Number(r.t) * 1000).toISOString(),
    cpu_usage: round1(r.cpu),
    memory_usage: round1(r.memory),
    disk_usage: round1(r.disk),
    network_rx_mb: round1(r.rx),
    network_tx_mb: round1(r.tx),
    processes: Math.round(Number(r.processes)),
  }));
}

/**
 * Raw points older than a day become hourly averages (one transaction), and hourly points older
 * than 30 days go.
 */
export async function rollUpMetrics(
  repo: Pick<ContainersRepository, 'rollUpMetrics'>,
  now = new Date(),
): Promise<void> {
  await repo.rollUpMetrics(new Date(now.getTime() - RAW_KEEP_MS), new Date(now.getTime() - ROLLED_KEEP_MS));
}
