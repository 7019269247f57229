import {
  containerDefaultsSchema,
  containerTiers,
  type Container,
  type ContainerActionBody,
  type ContainerDefaults,
  type ContainerStatus,
  type ContainerTier,
  type MetricRange,
} from '@nuvem/contracts/containers';
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { containerDefaults } from '../../db/schema/container-defaults.js';
import { containerMetrics } from '../../db/schema/container-metrics.js';
import { containers, type ContainerRow } from '../../db/schema/containers.js';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { lockUserFor } from '../../lib/user-lock.js';
import { DriverError, type ContainerDriver, type ContainerState } from './drivers/container-driver.js';
import { hashRootPassword } from './drivers/root-password.js';
import type { EventBus } from '../../plugins/app/events.js';
import type { JobContext, JobQueue } from '../../plugins/app/queue.js';
import { createFleetView, LATEST_SAMPLE_MAX_AGE_MS, type LatestSample } from './fleet-view.js';
import { metricHistory, rollUpMetrics } from './metrics-history.js';
import { assertWithinQuota, configuredContainerQuota, planContainerQuota, type ContainerQuotaSource } from './quota.js';

/** The job kinds of this module. */
export const containerJobs = {
  provision: 'containers.provision',
  action: 'containers.action',
  delete: 'containers.delete',
} as const;

/** How long an action's reply waits for its job before answering 202 (the job goes on). */
const ACTION_REPLY_WAIT_MS = 25_000;

/**
 * What the provisioning job carries: the request, with the root password replaced by its SHA-512
 * crypt hash (the plain password is never stored, not even in the queue's table).
 */
export type ProvisionInput = Omit<CreateInput, 'root_password'> & { root_password_hash?: string };

export type CreateInput = {
  name: string;
  tier: ContainerTier;
  template_id: string;
  ssh_keys?: string[];
  environment?: Record<string, string>;
  startup_script?: string;
  root_password?: string;
  description?: string;
};

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const round1 = (n: number) => Math.round(n * 10) / 10;
const SAMPLE_CONCURRENCY = 16;
const SAMPLE_INSERT_BATCH = 500;
const clampPercent = (n: number) => Math.min(100, Math.max(0, round1(n)));
/** A stored CPU counter reading older than this is too old to make a percentage from. */
const CPU_READING_MAX_AGE_MS = 10 * 60_000;

interface CpuReading {
  ns: number;
  at: number;
}

/** Which statuses each action may start from. */
const allowedFrom: Record<ContainerActionBody['action'], ContainerStatus[]> = {
  start: ['stopped', 'error'],
  stop: ['running', 'starting', 'error'],
  restart: ['running', 'stopped', 'error'],
  snapshot: ['running', 'stopped'],
  scale: ['running', 'stopped'],
};

export function createContainersService(deps: {
  db: Database;
  driver: ContainerDriver;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Each user's container quota; the configured one for everybody unless billing provides another. */
  quota?: ContainerQuotaSource;
  /** Where create, actions and delete run: durable jobs, retried after a crash. */
  queue: JobQueue;
  /** Where `container.updated` goes (the realtime stream). */
  events: EventBus;
}) {
  const { db, driver, config, log, queue, events } = deps;
  const quota =
    deps.quota ?? (config.payments.planQuotas ? planContainerQuota(config) : configuredContainerQuota(config));
  // CPU percent needs two readings: the previous cpu-ns counter per instance, the newer of this
  // process's last reading and the last stored point's (another instance may have sampled last).
  const lastCpu = new Map<string, { ns: number; at: number }>();
  // What the list and the summary read: results kept until a change, samples kept by the sampler.
  const fleet = createFleetView({
    events,
    loadLatest: latestSamples,
    onError: (error) => log.warn({ err: error }, 'could not read the latest container samples'),
  });

  /**
   * The latest stored sample of each of the user's running containers (the last five minutes): one
   * index probe per container (the primary key's order), not a sort of every sample.
   */
  async function latestSamples(userId: string): Promise<Array<{ id: string } & LatestSample>> {
    const latest = db
      .select({
        at: containerMetrics.at,
        cpu: containerMetrics.cpuUsage,
        memory: containerMetrics.memoryUsage,
        disk: containerMetrics.diskUsage,
        rx: containerMetrics.networkRxMb,
        tx: containerMetrics.networkTxMb,
        processes: containerMetrics.processes,
      })
      .from(containerMetrics)
      .where(
        and(
          eq(containerMetrics.containerId, containers.id),
          eq(containerMetrics.resolution, 'raw'),
          gte(containerMetrics.at, new Date(Date.now() - LATEST_SAMPLE_MAX_AGE_MS)),
        ),
      )
      .orderBy(desc(containerMetrics.at))
      .limit(1)
      .as('latest');
    const rows = await db
      .select({
        id: containers.id,
        at: latest.at,
        cpu: latest.cpu,
        memory: latest.memory,
        disk: latest.disk,
        rx: latest.rx,
        tx: latest.tx,
        processes: latest.processes,
      })
      .from(containers)
      .innerJoinLateral(latest, sql`true`)
      .where(and(eq(containers.userId, userId), eq(containers.status, 'running')));
    return rows.map((r) => ({
      id: r.id,
      at: r.at.getTime(),
      metrics: {
        cpu_usage: r.cpu,
        memory_usage: r.memory,
        disk_usage: r.disk,
        network_rx_mb: r.rx,
        network_tx_mb: r.tx,
        processes: r.processes,
      },
    }));
  }

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

  async function readState(row: ContainerRow): Promise<ContainerState | null> {
    try {
      return await driver.state(row.instanceName);
    } catch (error) {
      log.warn({ err: error, containerId: row.id }, 'could not read container state');
      return null;
    }
  }

  function summary(row: ContainerRow, state: ContainerState | null, stored?: CpuReading) {
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
      metrics: summary(row, state),
    };
  }

  /** A container as the API shows it, with its latest sample when it runs (zeros without one). */
  function viewWithSample(row: ContainerRow): Container {
    const shown = view(row, null);
    const sample = row.status === 'running' ? fleet.latestOf(row.id) : undefined;
    if (sample) shown.metrics = { ...sample.metrics };
    return shown;
  }

  /** A container as the API shows it, with its current metrics when it runs (as the list and GET do). */
  async function present(row: ContainerRow, state?: ContainerState | null): Promise<Container> {
    if (row.status !== 'running') return view(row, null);
    return view(row, state === undefined ? await readState(row) : state);
  }

  async function owned(userId: string, id: string): Promise<ContainerRow> {
    const rows = await db
      .select()
      .from(containers)
      .where(and(eq(containers.id, id), eq(containers.userId, userId)))
      .limit(1);
    const row = rows[0];
    if (!row) throw AppError.notFound('Container not found', 'CONTAINER_NOT_FOUND');
    return row;
  }

  /** Tells the owner's open pages (the realtime stream) that the container changed. */
  function announce(row: ContainerRow, extra: Record<string, unknown> = {}): void {
    // A change (not a sample): this instance's kept lists and summary of the user go at once.
    if (!extra.metrics) fleet.changed(row.userId, row.id, extra.deleted === true);
    void events
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

  async function setStatus(id: string, values: Partial<typeof containers.$inferInsert>): Promise<ContainerRow> {
    const rows = await db
      .update(containers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(containers.id, id))
      .returning();
    const row = rows[0];
    if (!row) throw AppError.notFound('Container not found', 'CONTAINER_NOT_FOUND');
    announce(row);
    return row;
  }

  async function findRow(id: string): Promise<ContainerRow | undefined> {
    const rows = await db.select().from(containers).where(eq(containers.id, id)).limit(1);
    return rows[0];
  }

  /**
   * Waits for an action's job: its outcome when it ends within ACTION_REPLY_WAIT_MS, else null
   * (the job goes on; the stream tells the page when it ends).
   */
  async function awaitJob(name: string, jobId: string | null): Promise<'completed' | 'failed' | null> {
    if (!jobId) return null;
    const deadline = Date.now() + ACTION_REPLY_WAIT_MS;
    for (let wait = 20; Date.now() < deadline; wait = Math.min(wait * 2, 250)) {
      const job = await queue.get(name, jobId);
      if (job?.state === 'completed') {
        const output = job.output as { failed?: boolean } | null;
        return output?.failed ? 'failed' : 'completed';
      }
      if (job?.state === 'failed' || job?.state === 'cancelled') return 'failed';
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return null;
  }

  /** Removes an instance left by an attempt that died half-way; missing is fine. */
  async function discardInstance(row: ContainerRow): Promise<void> {
    try {
      await driver.delete(row.instanceName);
    } catch (error) {
      if (!(error instanceof DriverError && error.notFound)) throw error;
    }
  }

  /** Brings a new instance up: create, start, keys, script, password. Failures leave `error` with the reason. */
  async function provision(row: ContainerRow, input: ProvisionInput): Promise<ContainerRow> {
    const tier = containerTiers[input.tier];
    // Where the time goes (one line per container, read by bench/containers.ts).
    const phases: Record<string, number> = {};
    let mark = performance.now();
    const lap = (phase: string) => {
      const now = performance.now();
      phases[phase] = Math.round(now - mark);
      mark = now;
    };
    try {
      await driver.create({
        name: row.instanceName,
        image: config.containers.imageMap[input.template_id] ?? config.containers.imageMap[''] ?? 'ubuntu/24.04',
        cpu: tier.cpu,
        memoryMb: tier.memoryGb * 1024,
        diskGb: tier.diskGb,
        environment: input.environment ?? {},
      });
      lap('create');
      await driver.start(row.instanceName);
      lap('start');
      if (input.ssh_keys?.length) {
        await driver.pushFile(row.instanceName, '/root/.ssh/authorized_keys', `${input.ssh_keys.join('\n')}\n`, 0o600);
      }
      if (input.startup_script) {
        await driver.pushFile(row.instanceName, '/root/startup.sh', input.startup_script, 0o700);
        const result = await driver.exec(row.instanceName, ['/bin/sh', '/root/startup.sh']);
        if (result.exitCode !== 0)
          log.warn({ containerId: row.id, exitCode: result.exitCode }, 'startup script failed');
      }
      if (input.root_password_hash) await driver.setRootPasswordHash(row.instanceName, input.root_password_hash);
      lap('setup');
      // Running as soon as it started (its owner's page hears it now); its address (a state read,
      // tens of milliseconds on LXD) follows in a second event.
      let running = await setStatus(row.id, { status: 'running', statusReason: null, actionInFlight: null });
      lap('save');
      const state = await readState(row);
      if (state?.ipAddress) {
        // Deleted meanwhile, say: the container ran; only its address is not kept.
        running = await setStatus(row.id, { ipAddress: state.ipAddress }).catch(() => running);
      }
      lap('address');
      log.info({ containerId: row.id, userId: row.userId, phasesMs: phases }, 'container provisioned');
      return running;
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'the instance could not be created';
      log.error({ err: error, containerId: row.id }, 'container creation failed');
      return setStatus(row.id, { status: 'error', statusReason: reason.slice(0, 500), actionInFlight: null });
    }
  }

  return {
    driverKind: driver.kind,
    /** The driver itself, for the sampler and for tests that change instances behind the portal. */
    driver,

    /** The user's defaults for new containers; the spec's (small, Ubuntu 24.04) until saved. */
    async getDefaults(userId: string): Promise<ContainerDefaults> {
      const [row] = await db.select().from(containerDefaults).where(eq(containerDefaults.userId, userId));
      // A stored value that the catalogue no longer has falls back to the spec's default.
      const stored = containerDefaultsSchema.safeParse({ tier: row?.tier, template_id: row?.templateId });
      return stored.success ? stored.data : { tier: 'small', template_id: '' };
    },

    async saveDefaults(userId: string, defaults: ContainerDefaults): Promise<ContainerDefaults> {
      await db
        .insert(containerDefaults)
        .values({ userId, tier: defaults.tier, templateId: defaults.template_id })
        .onConflictDoUpdate({
          target: containerDefaults.userId,
          set: { tier: defaults.tier, templateId: defaults.template_id, updatedAt: new Date() },
        });
      return defaults;
    },

    /**
     * The Overview's figures over all the user's containers: counts by status, and averages and
     * network totals from each running container's latest sample (at most five minutes old). The
     * statuses are read once per change to the user's containers; the samples are the sampler's.
     */
    async summary(userId: string) {
      void fleet.prime(userId);
      // Kept until one of the user's containers changes or a new sample of one arrives.
      return fleet.result(userId, `summary:${fleet.samplesSeen(userId)}`, async () => {
        const fleetRows = await fleet.result(userId, 'statuses', () =>
          db
            .select({ id: containers.id, status: containers.status })
            .from(containers)
            .where(eq(containers.userId, userId)),
        );
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
    },

    /**
     * One page of the user's containers with the total, in one query, kept until one of their
     * containers changes; a running container shows its latest sample (the sampler's, at most five
     * minutes old), not a driver call per row.
     */
    async list(userId: string, query: { page: number; per_page: number; status?: ContainerStatus | undefined }) {
      const where = and(eq(containers.userId, userId), query.status ? eq(containers.status, query.status) : undefined);
      void fleet.prime(userId);
      const { rows, total } = await fleet.result(
        userId,
        `list:${query.status ?? ''}:${query.page}:${query.per_page}`,
        async () => {
          const found = await db
            .select({ row: containers, total: sql<number>`count(*) over ()`.mapWith(Number) })
            .from(containers)
            .where(where)
            .orderBy(desc(containers.createdAt), desc(containers.id))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page);
          // Past the last page there is no row to carry the total.
          const counted =
            found[0]?.total ??
            (query.page > 1 ? ((await db.select({ n: count() }).from(containers).where(where))[0]?.n ?? 0) : 0);
          return { rows: found.map((r) => r.row), total: counted };
        },
      );
      return {
        containers: rows.map((row) => viewWithSample(row)),
        total,
        page: query.page,
        per_page: query.per_page,
        pages: Math.ceil(total / query.per_page),
      };
    },

    async get(userId: string, id: string): Promise<Container> {
      return present(await owned(userId, id));
    },

    async create(userId: string, input: CreateInput): Promise<Container> {
      const id = newId('container');
      // Hashed before anything is stored: the job (and the queue's table) only ever hold the hash.
      const { root_password: rootPassword, ...rest } = input;
      const job: ProvisionInput = rootPassword
        ? { ...rest, root_password_hash: await hashRootPassword(rootPassword) }
        : rest;
      let row: ContainerRow | undefined;
      try {
        // Count and insert under the user's lock: concurrent creates cannot all see room for one more.
        row = await db.transaction(async (tx) => {
          await lockUserFor(tx, 'containers', userId);
          const [limits, mine] = await Promise.all([
            quota.containerQuotaFor(userId, tx),
            tx.select({ tier: containers.tier }).from(containers).where(eq(containers.userId, userId)),
          ]);
          assertWithinQuota(
            limits,
            mine.map((r) => r.tier),
            { tier: input.tier },
          );
          const rows = await tx
            .insert(containers)
            .values({
              id,
              userId,
              name: input.name,
              description: input.description ?? null,
              tier: input.tier,
              templateId: input.template_id,
              status: 'starting',
              actionInFlight: 'create',
              driver: driver.kind,
              instanceName: `nuvem-${id.slice(4, 20)}`,
            })
            .returning();
          return rows[0];
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError(409, `You already have a container named ${input.name}`, 'NAME_TAKEN');
        throw error;
      }
      if (!row) throw new Error('insert into containers returned nothing');
      try {
        await queue.send(containerJobs.provision, { id: row.id, input: job });
      } catch (error) {
        // Not queued: the row must not wait for a job that will never come.
        await db.delete(containers).where(eq(containers.id, row.id));
        fleet.changed(userId, row.id, true);
        throw error;
      }
      announce(row);
      return view(row, null);
    },

    /**
     * The provisioning job. A retry (the instance that ran it died) first removes what the earlier
     * attempt may have left, so there is never a second instance nor an instance without its row.
     */
    async runProvision(data: { id: string; input: ProvisionInput }, job: JobContext): Promise<void> {
      const row = await findRow(data.id);
      // Deleted meanwhile, or already done by an earlier attempt.
      if (!row || row.actionInFlight !== 'create') return;
      if (job.retryCount > 0) {
        log.warn({ containerId: row.id, attempt: job.retryCount + 1 }, 'retrying a container creation');
        await discardInstance(row);
      }
      await provision(row, data.input);
    },

    async update(userId: string, id: string, body: { description?: string | null | undefined }): Promise<Container> {
      await owned(userId, id);
      const row = await setStatus(id, body.description === undefined ? {} : { description: body.description });
      return present(row);
    },

    /** Deletes the instance and then the row, as a job; null when the job is still running. */
    async remove(userId: string, id: string): Promise<'deleted' | 'pending'> {
      const row = await owned(userId, id);
      const claimed = await db
        .update(containers)
        .set({ actionInFlight: 'delete', updatedAt: new Date() })
        .where(and(eq(containers.id, id), isNull(containers.actionInFlight)))
        .returning();
      if (!claimed[0]) throw new AppError(409, `Another action is still running on ${row.name}`, 'ACTION_IN_FLIGHT');
      announce(claimed[0]);
      let jobId: string | null;
      try {
        jobId = await queue.send(containerJobs.delete, { id });
      } catch (error) {
        await setStatus(id, { actionInFlight: null });
        throw error;
      }
      const outcome = await awaitJob(containerJobs.delete, jobId);
      if (outcome === 'failed') throw new AppError(502, 'Failed to delete container', 'DRIVER_ERROR');
      return outcome === 'completed' ? 'deleted' : 'pending';
    },

    /** The delete job: the instance first (missing is fine), then the row. */
    async runDelete(data: { id: string }): Promise<{ failed?: boolean }> {
      const row = await findRow(data.id);
      if (!row) return {};
      try {
        await driver.delete(row.instanceName);
      } catch (error) {
        log.error({ err: error, containerId: row.id }, 'container delete failed');
        await setStatus(row.id, { actionInFlight: null });
        return { failed: true };
      }
      await db.delete(containers).where(eq(containers.id, row.id));
      lastCpu.delete(row.instanceName);
      announce(row, { status: 'deleted', action_in_flight: null, deleted: true });
      return {};
    },

    async act(
      userId: string,
      id: string,
      body: ContainerActionBody,
    ): Promise<{ message: string; container: Container; pending: boolean }> {
      const row = await owned(userId, id);
      const status = row.status as ContainerStatus;
      if (!allowedFrom[body.action].includes(status)) {
        throw new AppError(409, `Cannot ${body.action} a container that is ${status}`, 'INVALID_STATE');
      }
      if (body.action === 'scale' && body.parameters.tier === row.tier) {
        throw new AppError(409, `The container is already ${row.tier}: choose another tier`, 'SAME_TIER');
      }
      // Claim the container atomically: a second action while one runs is refused, not queued.
      const claim = (tx: Pick<Database, 'update'>, values: Partial<typeof containers.$inferInsert> = {}) =>
        tx
          .update(containers)
          .set({
            actionInFlight: body.action,
            status: body.action === 'start' ? 'starting' : body.action === 'stop' ? 'stopping' : row.status,
            updatedAt: new Date(),
            ...values,
          })
          .where(
            and(
              eq(containers.id, id),
              isNull(containers.actionInFlight),
              sql`${containers.status} = ${row.status}`,
              eq(containers.tier, row.tier),
            ),
          )
          .returning({ id: containers.id });
      const claimed =
        body.action === 'scale'
          ? // A scale checks the quota and reserves the new tier under the user's lock, so concurrent
            // scale-ups cannot pass it together; a failed scale puts the old tier back.
            await db.transaction(async (tx) => {
              await lockUserFor(tx, 'containers', userId);
              const [limits, others] = await Promise.all([
                quota.containerQuotaFor(userId, tx),
                tx
                  .select({ tier: containers.tier })
                  .from(containers)
                  .where(and(eq(containers.userId, userId), ne(containers.id, id))),
              ]);
              assertWithinQuota(
                limits,
                others.map((r) => r.tier),
                { tier: body.parameters.tier, replacing: row.tier },
              );
              return claim(tx, { tier: body.parameters.tier });
            })
          : await claim(db);
      if (claimed.length === 0)
        throw new AppError(409, `Another action is still running on ${row.name}`, 'ACTION_IN_FLIGHT');
      const claimedRow = await findRow(id);
      if (claimedRow) announce(claimedRow);

      let jobId: string | null;
      try {
        jobId = await queue.send(containerJobs.action, {
          id,
          action: body,
          previous: { status: row.status, tier: row.tier },
        });
      } catch (error) {
        await setStatus(id, { actionInFlight: null, status: row.status, tier: row.tier });
        throw error;
      }
      const outcome = await awaitJob(containerJobs.action, jobId);
      if (outcome === 'failed') throw new AppError(502, `Failed to ${body.action} container`, 'DRIVER_ERROR');
      const current = await findRow(id);
      if (!current) throw AppError.notFound('Container not found', 'CONTAINER_NOT_FOUND');
      return {
        message:
          outcome === 'completed'
            ? `Container ${body.action} completed successfully`
            : `Container ${body.action} is still running`,
        container: await present(current),
        pending: outcome === null,
      };
    },

    /**
     * The action job. Start, stop, restart, scale and snapshot are safe to repeat, so a retry after
     * a crash simply runs the action again. A driver failure puts the previous state back and
     * ends the job with `{ failed: true }` (not retried: the daemon answered).
     */
    async runAction(data: {
      id: string;
      action: ContainerActionBody;
      previous: { status: string; tier: string };
    }): Promise<{ failed?: boolean }> {
      const row = await findRow(data.id);
      const body = data.action;
      if (!row || row.actionInFlight !== body.action) return {};
      try {
        let values: Partial<typeof containers.$inferInsert> = {};
        if (body.action === 'start') {
          await driver.start(row.instanceName);
          values = { status: 'running', statusReason: null };
        } else if (body.action === 'stop') {
          await driver.stop(row.instanceName);
          values = { status: 'stopped', statusReason: null };
        } else if (body.action === 'restart') {
          await driver.restart(row.instanceName);
          values = { status: 'running', statusReason: null };
        } else if (body.action === 'snapshot') {
          const name =
            body.parameters?.name ??
            `snap-${new Date()
              .toISOString()
              .replace(/[^0-9]/g, '')
              .slice(0, 14)}`;
          await driver.snapshot(row.instanceName, name);
        } else {
          const tier = containerTiers[body.parameters.tier];
          await driver.setLimits(row.instanceName, {
            cpu: tier.cpu,
            memoryMb: tier.memoryGb * 1024,
            diskGb: tier.diskGb,
          });
          await driver.restart(row.instanceName);
          values = { tier: body.parameters.tier, status: 'running', statusReason: null };
        }
        const running = (values.status ?? row.status) === 'running';
        const state = running ? await readState(row) : null;
        await setStatus(row.id, {
          ...values,
          actionInFlight: null,
          ...(state ? { ipAddress: state.ipAddress } : {}),
        });
        return {};
      } catch (error) {
        await setStatus(row.id, { actionInFlight: null, status: data.previous.status, tier: data.previous.tier });
        log.error({ err: error, containerId: row.id, action: body.action }, 'container action failed');
        return { failed: true };
      }
    },

    /**
     * Rows whose job can no longer finish (every attempt died, or the queue lost it) end in
     * `error` instead of waiting for ever: after `staleAfterMs` without a change.
     */
    async failStale(staleAfterMs: number): Promise<number> {
      const cutoff = new Date(Date.now() - staleAfterMs);
      const stale = await db
        .update(containers)
        .set({
          status: sql`case when ${containers.actionInFlight} = 'create' or ${containers.status} in ('starting', 'stopping') then 'error' else ${containers.status} end`,
          statusReason: sql`case when ${containers.actionInFlight} = 'create' then 'The instance could not be created in time' when ${containers.status} in ('starting', 'stopping') then 'The last action did not finish in time' else ${containers.statusReason} end`,
          actionInFlight: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            sql`${containers.actionInFlight} is not null`,
            sql`${containers.updatedAt} < ${cutoff.toISOString()}::timestamptz`,
          ),
        )
        .returning();
      for (const row of stale) announce(row);
      return stale.length;
    },

    async metrics(userId: string, id: string) {
      const row = await owned(userId, id);
      const tier = containerTiers[row.tier as ContainerTier];
      const state = await readState(row);
      const memoryTotal = state?.memoryLimitBytes ?? tier.memoryGb * GIB;
      const s = summary(row, state);
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
    },

    async history(userId: string, id: string, range: MetricRange) {
      const row = await owned(userId, id);
      return metricHistory(db, row.id, range);
    },

    /**
     * One sampler pass: stores a point for every running container of this driver, and reconciles
     * the records with the driver (stopped or removed outside the portal).
     */
    async sampleOnce(): Promise<{ sampled: number; reconciled: number }> {
      const rows = await db
        .select()
        .from(containers)
        .where(and(eq(containers.driver, driver.kind), isNull(containers.actionInFlight)));
      let reconciled = 0;
      const points: (typeof containerMetrics.$inferInsert)[] = [];
      const at = new Date();
      // The last stored CPU counter of each running container (whichever instance sampled it).
      const stored = new Map<string, CpuReading>();
      const running = rows.filter((row) => row.status === 'running').map((row) => row.id);
      if (running.length > 0) {
        const readings = await db
          .selectDistinctOn([containerMetrics.containerId], {
            id: containerMetrics.containerId,
            ns: containerMetrics.cpuNs,
            at: containerMetrics.at,
          })
          .from(containerMetrics)
          .where(
            and(
              inArray(containerMetrics.containerId, running),
              eq(containerMetrics.resolution, 'raw'),
              isNotNull(containerMetrics.cpuNs),
              gt(containerMetrics.at, new Date(at.getTime() - CPU_READING_MAX_AGE_MS)),
            ),
          )
          .orderBy(containerMetrics.containerId, desc(containerMetrics.at));
        for (const reading of readings) {
          if (reading.ns !== null) stored.set(reading.id, { ns: reading.ns, at: reading.at.getTime() });
        }
      }
      const sampleRow = async (row: ContainerRow) => {
        if (row.status !== 'running' && row.status !== 'stopped') return;
        let state: ContainerState;
        try {
          state = await driver.state(row.instanceName);
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
        const s = summary(row, state, stored.get(row.id));
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
      // A few states at a time (the driver may be a remote daemon), then the points in a few large inserts
      // rather than one statement per container, so a big fleet does not queue ahead of user requests.
      for (let i = 0; i < rows.length; i += SAMPLE_CONCURRENCY) {
        await Promise.all(rows.slice(i, i + SAMPLE_CONCURRENCY).map(sampleRow));
      }
      for (let i = 0; i < points.length; i += SAMPLE_INSERT_BATCH) {
        await db
          .insert(containerMetrics)
          .values(points.slice(i, i + SAMPLE_INSERT_BATCH))
          .onConflictDoNothing();
      }
      return { sampled: points.length, reconciled };
    },

    rollUp: (now?: Date) => rollUpMetrics(db, now),

    async logs(userId: string, id: string, lines: number): Promise<string[]> {
      const row = await owned(userId, id);
      try {
        return await driver.consoleLog(row.instanceName, lines);
      } catch (error) {
        log.warn({ err: error, containerId: id }, 'could not read console log');
        return [];
      }
    },
  };
}
export type ContainersService = ReturnType<typeof createContainersService>;
