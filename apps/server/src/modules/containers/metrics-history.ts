import type { MetricRange } from '@nuvem/contracts/containers';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containerMetrics } from '../../db/schema/container-metrics.js';

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
  db: Database,
  containerId: string,
  range: MetricRange,
  now = new Date(),
): Promise<MetricPoint[]> {
  const bucket = bucketSeconds[range];
  const since = new Date(now.getTime() - rangeSeconds[range] * 1000);
  // The bucket width comes from the fixed table above (an integer), so it is inlined, not bound:
  // GROUP BY must see the very same expression as SELECT.
  const width = sql.raw(String(Math.trunc(bucket)));
  const t = sql<number>`(floor(extract(epoch from ${containerMetrics.at}) / ${width}) * ${width})`;
  const rows = await db
    .select({
      t: sql<string>`${t}::text`,
      cpu: sql<string>`avg(${containerMetrics.cpuUsage})::text`,
      memory: sql<string>`avg(${containerMetrics.memoryUsage})::text`,
      disk: sql<string>`avg(${containerMetrics.diskUsage})::text`,
      rx: sql<string>`max(${containerMetrics.networkRxMb})::text`,
      tx: sql<string>`max(${containerMetrics.networkTxMb})::text`,
      processes: sql<string>`round(avg(${containerMetrics.processes}))::text`,
    })
    .from(containerMetrics)
    .where(and(eq(containerMetrics.containerId, containerId), gte(containerMetrics.at, since)))
    .groupBy(t)
    .orderBy(t);
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
export async function rollUpMetrics(db: Database, now = new Date()): Promise<void> {
  const rawCutoff = new Date(now.getTime() - RAW_KEEP_MS);
  const rolledCutoff = new Date(now.getTime() - ROLLED_KEEP_MS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${containerMetrics} (container_id, resolution, at, cpu_usage, memory_usage, disk_usage, network_rx_mb, network_tx_mb, processes)
      select container_id, '1h', date_trunc('hour', at), avg(cpu_usage), avg(memory_usage), avg(disk_usage),
             max(network_rx_mb), max(network_tx_mb), round(avg(processes))::int
      from ${containerMetrics}
      where resolution = 'raw' and at < ${rawCutoff.toISOString()}::timestamptz
      group by container_id, date_trunc('hour', at)
      on conflict (container_id, resolution, at) do update set
        cpu_usage = (${containerMetrics}.cpu_usage + excluded.cpu_usage) / 2,
        memory_usage = (${containerMetrics}.memory_usage + excluded.memory_usage) / 2,
        disk_usage = (${containerMetrics}.disk_usage + excluded.disk_usage) / 2,
        network_rx_mb = greatest(${containerMetrics}.network_rx_mb, excluded.network_rx_mb),
        network_tx_mb = greatest(${containerMetrics}.network_tx_mb, excluded.network_tx_mb),
        processes = excluded.processes`);
    await tx
      .delete(containerMetrics)
      .where(and(eq(containerMetrics.resolution, 'raw'), lt(containerMetrics.at, rawCutoff)));
    await tx.delete(containerMetrics).where(lt(containerMetrics.at, rolledCutoff));
  });
}
