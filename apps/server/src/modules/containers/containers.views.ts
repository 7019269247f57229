import {
  containerDefaultsSchema,
  containerTiers,
  type Container,
  type ContainerDefaults,
  type ContainerStatus,
  type ContainerTier,
  type MetricRange,
} from '@nuvem/contracts/containers';
import { GIB, MIB, round1, type ContainersContext } from './containers.context.js';
import type { ContainerRow } from './containers.repository.js';
import type { LatestSample } from './fleet-view.js';
import { metricHistory } from './metrics-history.js';

/**
 * What the dashboard reads: the user's defaults, the Overview's summary, the list, one container,
 * its metrics now and over time, and its console log.
 */
export function createContainerViews(ctx: ContainersContext) {
  const { repo, driver, log, fleet, owned, present, readState, metricsOf, view } = ctx;

  /** A container as the API shows it, with its latest sample when it runs (zeros without one). */
  function viewWithSample(row: ContainerRow): Container {
    const shown = view(row, null);
    const sample = row.status === 'running' ? fleet.latestOf(row.id) : undefined;
    if (sample) shown.metrics = { ...sample.metrics };
    return shown;
  }

  /** The user's defaults for new containers; the spec's (small, Ubuntu 24.04) until saved. */
  async function getDefaults(userId: string): Promise<ContainerDefaults> {
    const row = await repo.defaultsOf(userId);
    // A stored value that the catalogue no longer has falls back to the spec's default.
    const stored = containerDefaultsSchema.safeParse({ tier: row?.tier, template_id: row?.templateId });
    return stored.success ? stored.data : { tier: 'small', template_id: '' };
  }

  async function saveDefaults(userId: string, defaults: ContainerDefaults): Promise<ContainerDefaults> {
    await repo.saveDefaults(userId, { tier: defaults.tier, templateId: defaults.template_id });
    return defaults;
  }

  /**
   * The Overview's figures over all the user's containers: counts by status, and averages and
   * network totals from each running container's latest sample (at most five minutes old). The
   * statuses are read once per change to the user's containers; the samples are the sampler's.
   */
  async function summary(userId: string) {
    void fleet.prime(userId);
    // Kept until one of the user's containers changes or a new sample of one arrives.
    return fleet.result(userId, `summary:${fleet.samplesSeen(userId)}`, async () => {
      const fleetRows = await fleet.result(userId, 'statuses', () => repo.statuses(userId));
      const at = fleet.now();
      let running = 0;
      let stopped = 0;
      const latest: LatestSample['metrics'][] = [];
      for (const row of fleetRows) {
        if (row.status === 'stopped') stopped += 1;
        if (row.status !== 'running') continue;
        running += 1;
        const sample = fleet.latestOf(row.id, at);
        if (sample) latest.push(sample.metrics);
      }
      const average = (pick: (m: LatestSample['metrics']) => number) =>
        latest.length === 0 ? 0 : round1(latest.reduce((sum, m) => sum + pick(m), 0) / latest.length);
      return {
        total: fleetRows.length,
        running,
        stopped,
        avg_cpu_usage: average((m) => m.cpu_usage),
        avg_memory_usage: average((m) => m.memory_usage),
        avg_disk_usage: average((m) => m.disk_usage),
        network_total_mb: round1(latest.reduce((sum, m) => sum + m.network_rx_mb + m.network_tx_mb, 0)),
        sampled_containers: latest.length,
      };
    });
  }

  /**
   * One page of the user's containers with the total, in one query, kept until one of their
   * containers changes; a running container shows its latest sample (the sampler's, at most five
   * minutes old), not a driver call per row.
   */
  async function list(userId: string, query: { page: number; per_page: number; status?: ContainerStatus | undefined }) {
    void fleet.prime(userId);
    const { rows, total } = await fleet.result(
      userId,
      `list:${query.status ?? ''}:${query.page}:${query.per_page}`,
      () => repo.page(userId, query),
    );
    return {
      containers: rows.map((row) => viewWithSample(row)),
      total,
      page: query.page,
      per_page: query.per_page,
      pages: Math.ceil(total / query.per_page),
    };
  }

  async function get(userId: string, id: string): Promise<Container> {
    return present(await owned(userId, id));
  }

  async function metrics(userId: string, id: string) {
    const row = await owned(userId, id);
    const tier = containerTiers[row.tier as ContainerTier];
    const state = await readState(row);
    const memoryTotal = state?.memoryLimitBytes ?? tier.memoryGb * GIB;
    const s = metricsOf(row, state);
    return {
      cpu_usage: s.cpu_usage,
      memory_usage: s.memory_usage,
      memory_used_mb: round1((state?.memoryBytes ?? 0) / MIB),
      memory_total_mb: round1(memoryTotal / MIB),
      disk_usage: s.disk_usage,
      disk_used_gb: round1((state?.diskBytes ?? 0) / GIB),
      disk_total_gb: tier.diskGb,
      processes: s.processes,
      network_rx_mb: s.network_rx_mb,
      network_tx_mb: s.network_tx_mb,
    };
  }

  async function history(userId: string, id: string, range: MetricRange) {
    const row = await owned(userId, id);
    return metricHistory(repo, row.id, range);
  }

  async function logs(userId: string, id: string, lines: number): Promise<string[]> {
    const row = await owned(userId, id);
    try {
      return await driver.consoleLog(row.instanceName, lines);
    } catch (error) {
      log.warn({ err: error, containerId: id }, 'could not read console log');
      return [];
    }
  }

  return { getDefaults, saveDefaults, summary, list, get, metrics, history, logs };
}
