import type { ContainersContext } from './containers.context.js';
import type { ContainerRow, MetricSample } from './containers.repository.js';
import { DriverError, type ContainerState } from './drivers/container-driver.js';
import { rollUpMetrics } from './metrics-history.js';

/** Rows handled between two turns of the event loop. */
const SAMPLE_SLICE = 250;
/** A stored CPU counter reading older than this is too old to make a percentage from. */
const CPU_READING_MAX_AGE_MS = 10 * 60_000;

/**
 * The module's repeatable jobs: the sampler (a metrics point per running container, statuses
 * reconciled with the driver), the end of actions whose job can no longer finish, and the roll-up
 * of old points.
 */
export function createContainerSampler(ctx: ContainersContext) {
  const { repo, driver, fleet, announce, setStatus, metricsOf } = ctx;

  /**
   * One sampler pass: stores a point for every running container of this driver, and reconciles
   * the records with the driver (stopped or removed outside the portal).
   */
  async function sampleOnce(): Promise<{ sampled: number; reconciled: number }> {
    const rows = await repo.idleOnDriver(driver.kind);
    let reconciled = 0;
    const points: MetricSample[] = [];
    const at = new Date();
    // The last stored CPU counter of each running container (whichever instance sampled it).
    const running = rows.filter((row) => row.status === 'running').map((row) => row.id);
    const stored = await repo.lastCpuReadings(running, new Date(at.getTime() - CPU_READING_MAX_AGE_MS));
    // Every instance's state in one call: a pass costs one request to the driver, not one per container.
    const states = rows.length > 0 ? await driver.states() : new Map<string, ContainerState>();
    const sampleRow = async (row: ContainerRow) => {
      if (row.status !== 'running' && row.status !== 'stopped') return;
      let state: ContainerState;
      try {
        // Missing from the listing (removed, or LXD could not read it then): asked alone.
        state = states.get(row.instanceName) ?? (await driver.state(row.instanceName));
      } catch (error) {
        if (error instanceof DriverError && error.notFound) {
          await setStatus(row.id, { status: 'error', statusReason: 'The instance was removed outside the portal' });
          reconciled += 1;
        }
        return;
      }
      if (state.status !== row.status && (state.status === 'running' || state.status === 'stopped')) {
        await setStatus(row.id, { status: state.status, ipAddress: state.ipAddress });
        reconciled += 1;
      } else if (state.status === 'running' && state.ipAddress && state.ipAddress !== row.ipAddress) {
        // An address that came later (DHCP), changed, or was never saved (its create job read it
        // after saying 'running', and the instance died in between).
        await setStatus(row.id, { ipAddress: state.ipAddress });
      }
      if (state.status !== 'running') return;
      const s = metricsOf(row, state, stored.get(row.id));
      fleet.record(row.id, { metrics: s, at: at.getTime() }, row.userId);
      announce(row, { metrics: s });
      points.push({
        containerId: row.id,
        resolution: 'raw',
        at,
        cpuUsage: s.cpu_usage,
        memoryUsage: s.memory_usage,
        diskUsage: s.disk_usage,
        networkRxMb: s.network_rx_mb,
        networkTxMb: s.network_tx_mb,
        processes: s.processes,
        cpuNs: state.cpuNs,
      });
    };
    // The rows in slices, with requests served between them (10,000 containers are one pass), and
    // the points in a few large inserts rather than one statement per container, so a big fleet
    // does not queue ahead of user requests.
    for (let i = 0; i < rows.length; i += SAMPLE_SLICE) {
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      await Promise.all(rows.slice(i, i + SAMPLE_SLICE).map(sampleRow));
    }
    await repo.insertSamples(points);
    return { sampled: points.length, reconciled };
  }

  /**
   * Rows whose job can no longer finish (every attempt died, or the queue lost it) end in
   * `error` instead of waiting for ever: after `staleAfterMs` without a change.
   */
  async function failStale(staleAfterMs: number): Promise<number> {
    const stale = await repo.failStale(new Date(Date.now() - staleAfterMs));
    for (const row of stale) announce(row);
    return stale.length;
  }

  const rollUp = (now?: Date) => rollUpMetrics(repo, now);

  return { sampleOnce, failStale, rollUp };
}
