import { containerTiers, type Container, type ContainerStatus, type ContainerTier } from '@nuvem/contracts/containers';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import type { JobQueue } from '../../plugins/app/queue.js';
import type { ContainerChanges, ContainerRow, ContainersRepository, CpuReading } from './containers.repository.js';
import type { ContainerDriver, ContainerState } from './drivers/container-driver.js';
import { createFleetView, LATEST_SAMPLE_MAX_AGE_MS } from './fleet-view.js';
import { configuredContainerQuota, planContainerQuota, type ContainerQuotaSource } from './quota.js';

/** The job kinds of this module. */
export const containerJobs = {
  provision: 'containers.provision',
  action: 'containers.action',
  delete: 'containers.delete',
} as const;

export interface ContainersDeps {
  repo: ContainersRepository;
  driver: ContainerDriver;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Each workspace's container quota; the configured one for everybody unless billing provides another. */
  quota?: ContainerQuotaSource;
  /** Where create, actions and delete run: durable jobs, retried after a crash. */
  queue: JobQueue;
  /** Where `container.updated` goes (the realtime stream). */
  bus: EventBus;
}

export const GIB = 1024 ** 3;
export const MIB = 1024 ** 2;
export const round1 = (n: number) => Math.round(n * 10) / 10;
const clampPercent = (n: number) => Math.min(100, Math.max(0, round1(n)));

/**
 * What every use case of the module shares: its dependencies, the fleet view (kept lists and
 * latest samples), how a row is shown, and the one way a row changes (`setStatus`, which tells
 * the owner's pages).
 */
export function createContainersContext(deps: ContainersDeps) {
  const { repo, driver, config, log, bus } = deps;
  const quota =
    deps.quota ?? (config.payments.planQuotas ? planContainerQuota(config) : configuredContainerQuota(config));
  // CPU percent needs two readings: the previous cpu-ns counter per instance, the newer of this
  // process's last reading and the last stored point's (another instance may have sampled last).
  const lastCpu = new Map<string, CpuReading>();
  // What the list and the summary read: results kept until a change, samples kept by the sampler.
  const fleet = createFleetView({
    bus,
    loadLatest: (userId) => repo.latestSamples(userId, new Date(Date.now() - LATEST_SAMPLE_MAX_AGE_MS)),
    onError: (error) => log.warn({ err: error }, 'could not read the latest container samples'),
  });

  function cpuPercent(instance: string, state: ContainerState, cpus: number, stored?: CpuReading): number {
    const now = Date.now();
    const mine = lastCpu.get(instance);
    const previous = mine && (!stored || mine.at >= stored.at) ? mine : stored;
    lastCpu.set(instance, { ns: state.cpuNs, at: now });
    if (!previous || state.status !== 'running' || now <= previous.at) return 0;
    return clampPercent(((state.cpuNs - previous.ns) / ((now - previous.at) * 1e6 * cpus)) * 100);
  }

  function sshCommand(row: ContainerRow): string {
    const host = row.ipAddress ?? config.containers.sshGateway ?? config.publicUrl.hostname;
    return row.ipAddress || !config.containers.sshGateway
      ? `ssh root@${host}`
      : `ssh -J ${host} root@${row.instanceName}`;
  }

  /** The instance's state from the driver; null (logged) when the driver cannot tell. */
  async function readState(row: ContainerRow): Promise<ContainerState | null> {
    try {
      return await driver.state(row.instanceName);
    } catch (error) {
      log.warn({ err: error, containerId: row.id }, 'could not read container state');
      return null;
    }
  }

  /** A container's metrics from a state read (zeros without one); `stored`: the last stored CPU counter. */
  function metricsOf(row: ContainerRow, state: ContainerState | null, stored?: CpuReading): Container['metrics'] {
    const tier = containerTiers[row.tier as ContainerTier];
    const memoryTotal = state?.memoryLimitBytes ?? tier.memoryGb * GIB;
    return {
      cpu_usage: state ? cpuPercent(row.instanceName, state, tier.cpu, stored) : 0,
      memory_usage: state ? clampPercent((state.memoryBytes / memoryTotal) * 100) : 0,
      disk_usage: state?.diskBytes ? clampPercent((state.diskBytes / (tier.diskGb * GIB)) * 100) : 0,
      network_rx_mb: state ? round1(state.networkRxBytes / MIB) : 0,
      network_tx_mb: state ? round1(state.networkTxBytes / MIB) : 0,
      processes: state?.processes ?? 0,
    };
  }

  function view(row: ContainerRow, state: ContainerState | null): Container {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      status: row.status as ContainerStatus,
      status_reason: row.statusReason,
      tier: row.tier as ContainerTier,
      template_id: row.templateId,
      driver: row.driver === 'lxd' ? 'lxd' : 'demo',
      ssh_command: sshCommand(row),
      ip_address: row.ipAddress,
      created_at: row.createdAt.toISOString(),
      metrics: metricsOf(row, state),
    };
  }

  /** A container as the API shows it, with its current metrics when it runs (as the list and GET do). */
  async function present(row: ContainerRow, state?: ContainerState | null): Promise<Container> {
    if (row.status !== 'running') return view(row, null);
    return view(row, state === undefined ? await readState(row) : state);
  }

  /** The workspace's container, else 404 (another workspace's too: it does not say whether the id exists). */
  async function owned(userId: string, id: string): Promise<ContainerRow> {
    const row = await repo.findOwned(userId, id);
    if (!row) throw AppError.notFound('Container not found', 'CONTAINER_NOT_FOUND');
    return row;
  }

  /** Tells the owning workspace's open pages (the realtime stream, to each member) that the container changed. */
  function announce(row: ContainerRow, extra: Record<string, unknown> = {}): void {
    // A change (not a sample): this instance's kept lists and summary of the user go at once.
    if (!extra.metrics) fleet.changed(row.userId, row.id, extra.deleted === true);
    void bus
      .publish(row.userId, 'container.updated', {
        id: row.id,
        status: row.status,
        status_reason: row.statusReason,
        tier: row.tier,
        action_in_flight: row.actionInFlight,
        ip_address: row.ipAddress,
        ssh_command: sshCommand(row),
        ...extra,
      })
      .catch((error: unknown) => log.warn({ err: error, containerId: row.id }, 'could not publish container.updated'));
  }

  /** Writes a change to the row and announces it; 404 when the row is gone. */
  async function setStatus(id: string, changes: ContainerChanges): Promise<ContainerRow> {
    const row = await repo.update(id, changes);
    if (!row) throw AppError.notFound('Container not found', 'CONTAINER_NOT_FOUND');
    announce(row);
    return row;
  }

  return {
    ...deps,
    quota,
    fleet,
    /** The instance's CPU counter is no longer needed (it was deleted). */
    forgetCpu: (instanceName: string) => lastCpu.delete(instanceName),
    readState,
    metricsOf,
    view,
    present,
    owned,
    announce,
    setStatus,
  };
}

export type ContainersContext = ReturnType<typeof createContainersContext>;
