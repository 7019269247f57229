import type { ContainerStatus } from '@nuvem/contracts/containers';
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containerDefaults } from '../../db/schema/container-defaults.js';
import { containerMetrics } from '../../db/schema/container-metrics.js';
import { containers, type ContainerRow } from '../../db/schema/containers.js';
import { userPlans } from '../../db/schema/user-plans.js';
import { lockUserFor } from '../../db/user-lock.js';
import type { LatestSample } from './fleet-view.js';

export type { ContainerRow };
/** Columns a write may change (its `updatedAt` is set by the repository). */
export type ContainerChanges = Partial<typeof containers.$inferInsert>;
export type NewContainer = typeof containers.$inferInsert;
/** One stored metrics point. */
export type MetricSample = typeof containerMetrics.$inferInsert;

/** A container's CPU counter (ns) and when it was read (ms since epoch). */
export interface CpuReading {
  ns: number;
  at: number;
}

/** One chart bucket as PostgreSQL computes it: numbers as text, so nothing is lost on the way. */
export interface MetricBucketRow {
  t: string;
  cpu: string;
  memory: string;
  disk: string;
  rx: string;
  tx: string;
  processes: string;
}

/** The points stored per insert statement: a big fleet's pass is a few statements, not one per container. */
const SAMPLE_INSERT_BATCH = 500;

/**
 * The containers module's SQL: only this module reads and writes the containers, container_metrics
 * and container_defaults tables (and it reads billing's published user_plans view).
 */
export function createContainersRepository(db: Database) {
  return {
    ...containerQueries(db),

    /**
     * Runs `work` in one transaction holding the user's containers lock, with the same queries
     * bound to it: a quota counted and the row it guards written by `work` cannot be raced by the
     * same user's concurrent creates or scales.
     */
    underUserLock<T>(userId: string, work: (locked: ContainerQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockUserFor(tx, 'containers', userId);
        return work(containerQueries(tx));
      });
    },

    /**
     * In one transaction: raw points older than `rawCutoff` become hourly averages (merged into an
     * hour already rolled up), and go; hourly points older than `rolledCutoff` go.
     */
    async rollUpMetrics(rawCutoff: Date, rolledCutoff: Date): Promise<void> {
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
    },
  };
}

export type ContainersRepository = ReturnType<typeof createContainersRepository>;
/** The queries, on the database or on one transaction. */
export type ContainerQueries = ReturnType<typeof containerQueries>;

function containerQueries(db: Database) {
  return {
    async find(id: string): Promise<ContainerRow | undefined> {
      const rows = await db.select().from(containers).where(eq(containers.id, id)).limit(1);
      return rows[0];
    },

    /** The container if it is the user's. */
    async findOwned(userId: string, id: string): Promise<ContainerRow | undefined> {
      const rows = await db
        .select()
        .from(containers)
        .where(and(eq(containers.id, id), eq(containers.userId, userId)))
        .limit(1);
      return rows[0];
    },

    async insert(values: NewContainer): Promise<ContainerRow | undefined> {
      const rows = await db.insert(containers).values(values).returning();
      return rows[0];
    },

    /** Writes `changes` (and the update time); the row after, or undefined when it is gone. */
    async update(id: string, changes: ContainerChanges): Promise<ContainerRow | undefined> {
      const rows = await db
        .update(containers)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(containers.id, id))
        .returning();
      return rows[0];
    },

    async delete(id: string): Promise<void> {
      await db.delete(containers).where(eq(containers.id, id));
    },

    /**
     * Claims the container for an action, atomically: writes `changes` only if no action is in
     * flight and its status and tier are still `expected` (what the caller checked). False when
     * another request got there first.
     */
    async claimAction(
      id: string,
      expected: { status: string; tier: string },
      changes: ContainerChanges & { actionInFlight: string },
    ): Promise<boolean> {
      const rows = await db
        .update(containers)
        .set({ ...changes, updatedAt: new Date() })
        .where(
          and(
            eq(containers.id, id),
            isNull(containers.actionInFlight),
            sql`${containers.status} = ${expected.status}`,
            eq(containers.tier, expected.tier),
          ),
        )
        .returning({ id: containers.id });
      return rows.length > 0;
    },

    /** Claims the container for its deletion when no action is in flight; the row after, else undefined. */
    async claimDelete(id: string): Promise<ContainerRow | undefined> {
      const rows = await db
        .update(containers)
        .set({ actionInFlight: 'delete', updatedAt: new Date() })
        .where(and(eq(containers.id, id), isNull(containers.actionInFlight)))
        .returning();
      return rows[0];
    },

    /** The tiers of the user's containers (without `exceptId`, the one being rescaled): what the quota counts. */
    async tiersOf(userId: string, exceptId?: string): Promise<string[]> {
      const rows = await db
        .select({ tier: containers.tier })
        .from(containers)
        .where(and(eq(containers.userId, userId), exceptId === undefined ? undefined : ne(containers.id, exceptId)));
      return rows.map((r) => r.tier);
    },

    /** The user's current paid plan as billing publishes it (user_plans); undefined is Free. */
    async planOf(userId: string): Promise<string | undefined> {
      const rows = await db.select({ plan: userPlans.plan }).from(userPlans).where(eq(userPlans.userId, userId));
      return rows[0]?.plan;
    },

    /** Every container of the user, id and status only (the Overview's counts). */
    statuses(userId: string): Promise<Array<{ id: string; status: string }>> {
      return db
        .select({ id: containers.id, status: containers.status })
        .from(containers)
        .where(eq(containers.userId, userId));
    },

    /** One page of the user's containers, newest first, with the total, in one query. */
    async page(
      userId: string,
      query: { page: number; per_page: number; status?: ContainerStatus | undefined },
    ): Promise<{ rows: ContainerRow[]; total: number }> {
      const where = and(eq(containers.userId, userId), query.status ? eq(containers.status, query.status) : undefined);
      const found = await db
        .select({ row: containers, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(containers)
        .where(where)
        .orderBy(desc(containers.createdAt), desc(containers.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      // Past the last page there is no row to carry the total.
      const total =
        found[0]?.total ??
        (query.page > 1 ? ((await db.select({ n: count() }).from(containers).where(where))[0]?.n ?? 0) : 0);
      return { rows: found.map((r) => r.row), total };
    },

    /**
     * The latest sample, stored since `since`, of each of the user's running containers: one
     * index probe per container (the primary key's order), not a sort of every sample.
     */
    async latestSamples(userId: string, since: Date): Promise<Array<{ id: string } & LatestSample>> {
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
            gte(containerMetrics.at, since),
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
    },

    /**
     * Ends the actions not changed since `cutoff`: a create or a start/stop half-way becomes
     * `error` with the reason, anything else keeps its status; the rows after.
     */
    failStale(cutoff: Date): Promise<ContainerRow[]> {
      return db
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
    },

    /** The driver's containers with no action in flight (what the sampler reads and reconciles). */
    idleOnDriver(driverKind: string): Promise<ContainerRow[]> {
      return db
        .select()
        .from(containers)
        .where(and(eq(containers.driver, driverKind), isNull(containers.actionInFlight)));
    },

    /** The last CPU counter stored since `since` for each of the containers (whichever instance sampled it). */
    async lastCpuReadings(ids: readonly string[], since: Date): Promise<Map<string, CpuReading>> {
      const stored = new Map<string, CpuReading>();
      if (ids.length === 0) return stored;
      const readings = await db
        .selectDistinctOn([containerMetrics.containerId], {
          id: containerMetrics.containerId,
          ns: containerMetrics.cpuNs,
          at: containerMetrics.at,
        })
        .from(containerMetrics)
        .where(
          and(
            inArray(containerMetrics.containerId, [...ids]),
            eq(containerMetrics.resolution, 'raw'),
            isNotNull(containerMetrics.cpuNs),
            gt(containerMetrics.at, since),
          ),
        )
        .orderBy(containerMetrics.containerId, desc(containerMetrics.at));
      for (const reading of readings) {
        if (reading.ns !== null) stored.set(reading.id, { ns: reading.ns, at: reading.at.getTime() });
      }
      return stored;
    },

    /** Stores the points in a few large inserts (a point already stored is kept). */
    async insertSamples(points: readonly MetricSample[]): Promise<void> {
      for (let i = 0; i < points.length; i += SAMPLE_INSERT_BATCH) {
        await db
          .insert(containerMetrics)
          .values(points.slice(i, i + SAMPLE_INSERT_BATCH))
          .onConflictDoNothing();
      }
    },

    /**
     * One container's points since `since`, averaged into buckets of `bucketSeconds` (raw and
     * hourly rows alike; network totals are the bucket's maximum).
     */
    metricBuckets(containerId: string, since: Date, bucketSeconds: number): Promise<MetricBucketRow[]> {
      // The bucket width is an integer from a fixed table, so it is inlined, not bound: GROUP BY
      // must see the very same expression as SELECT.
      const width = sql.raw(String(Math.trunc(bucketSeconds)));
      const t = sql<number>`(floor(extract(epoch from ${containerMetrics.at}) / ${width}) * ${width})`;
      return db
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
    },

    /** The user's saved defaults for new containers, if any. */
    async defaultsOf(userId: string): Promise<{ tier: string; templateId: string } | undefined> {
      const [row] = await db
        .select({ tier: containerDefaults.tier, templateId: containerDefaults.templateId })
        .from(containerDefaults)
        .where(eq(containerDefaults.userId, userId));
      return row;
    },

    async saveDefaults(userId: string, defaults: { tier: string; templateId: string }): Promise<void> {
      await db
        .insert(containerDefaults)
        .values({ userId, ...defaults })
        .onConflictDoUpdate({
          target: containerDefaults.userId,
          set: { ...defaults, updatedAt: new Date() },
        });
    },
  };
}
