import { containerResponseSchema } from '@nuvem/contracts/containers';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { containerMetrics } from '../../db/schema/container-metrics.js';
import { containers } from '../../db/schema/containers.js';
import { registerUser, settleJobs, testDriver, useTestApp } from '../../test/helper.testing.js';
import type { App } from '../../types.js';

const historySchema = z.object({
  success: z.literal(true),
  range: z.string(),
  points: z.array(z.object({ at: z.string(), cpu_usage: z.number(), memory_usage: z.number(), processes: z.number() })),
});

async function newContainer(app: App, name: string) {
  const user = await registerUser(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/containers',
    headers: { authorization: `Bearer ${user.accessToken}` },
    payload: { name },
  });
  // 202: the provisioning job makes it running.
  await settleJobs(app);
  const { container } = containerResponseSchema.parse(res.json());
  const history = async (range: string) =>
    historySchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/containers/${container.id}/metrics/history?range=${range}`,
          headers: { authorization: `Bearer ${user.accessToken}` },
        })
      ).json(),
    );
  const row = async () => (await app.db.select().from(containers).where(eq(containers.id, container.id)))[0];
  return { container, history, row, token: user.accessToken };
}

describe(`metrics sampler and history on ${testDriver}`, () => {
  const t = useTestApp();

  it("keeps a running container's address up to date: one never saved is filled in by the next pass", async () => {
    const { row } = await newContainer(t.app, 'addressed');
    const before = await row();
    if (!before) throw new Error('no row');
    const live = await t.app.containers.driver.state(before.instanceName);
    expect(before.ipAddress).toBe(live.ipAddress);
    // As if its create job died between saying 'running' and saving the address.
    await t.app.db.update(containers).set({ ipAddress: null }).where(eq(containers.id, before.id));
    await t.app.containers.sampleOnce();
    expect((await row())?.ipAddress).toBe(live.ipAddress);
  });

  it('reads every state in one driver call a pass, not one per container', async () => {
    await newContainer(t.app, 'bulk-a');
    await newContainer(t.app, 'bulk-b');
    const driver = t.app.containers.driver;
    const one = vi.spyOn(driver, 'state');
    const all = vi.spyOn(driver, 'states');
    try {
      const pass = await t.app.containers.sampleOnce();
      expect(pass.sampled).toBeGreaterThanOrEqual(2);
      expect(all).toHaveBeenCalledTimes(1);
      expect(one).not.toHaveBeenCalled();
    } finally {
      one.mockRestore();
      all.mockRestore();
    }
  });

  it('stores a point per running container each pass, served by the history endpoint', async () => {
    const { history } = await newContainer(t.app, 'sampled');
    const pass = await t.app.containers.sampleOnce();
    expect(pass.sampled).toBeGreaterThanOrEqual(1);
    const points = (await history('1h')).points;
    expect(points).toHaveLength(1);
    expect(points[0]?.processes).toBeGreaterThan(0);
  });

  it('turns the CPU counter into a percentage on the first pass of an instance that did not sample last', async () => {
    const { container, history } = await newContainer(t.app, 'handed-over');
    // Another instance's pass a second ago stored the counter (this one has never sampled it); the
    // demo instance then runs at 5-30% of its CPU for a few hundred milliseconds more.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await t.app.db.insert(containerMetrics).values({
      containerId: container.id,
      resolution: 'raw',
      at: new Date(Date.now() - 1_000),
      cpuUsage: 0,
      memoryUsage: 0,
      diskUsage: 0,
      networkRxMb: 0,
      networkTxMb: 0,
      processes: 1,
      cpuNs: 0,
    });
    await t.app.containers.sampleOnce();
    const [latest] = await t.app.db
      .select()
      .from(containerMetrics)
      .where(and(eq(containerMetrics.containerId, container.id), eq(containerMetrics.resolution, 'raw')))
      .orderBy(desc(containerMetrics.at))
      .limit(1);
    expect(latest?.cpuNs).toBeGreaterThan(0);
    expect(latest?.cpuUsage).toBeGreaterThan(0);
    expect((await history('1h')).points.length).toBeGreaterThanOrEqual(1);
  });

  it('averages points into buckets per range and rolls old raw points up into hours', async () => {
    const { container, history } = await newContainer(t.app, 'bucketed');
    const hourAgo = Date.now() - 3600_000;
    const base = Math.floor(hourAgo / 3600_000) * 3600_000 - 2 * 24 * 3600_000; // two days ago, on the hour
    const point = (at: number, cpu: number) => ({
      containerId: container.id,
      resolution: 'raw',
      at: new Date(at),
      cpuUsage: cpu,
      memoryUsage: 40,
      diskUsage: 10,
      networkRxMb: 1,
      networkTxMb: 1,
      processes: 10,
    });
    // Two old points in one hour, two recent points in one 5-minute bucket.
    const recent = Math.floor((Date.now() - 20 * 60_000) / 300_000) * 300_000;
    await t.app.db
      .insert(containerMetrics)
      .values([
        point(base + 60_000, 20),
        point(base + 120_000, 40),
        point(recent + 1000, 10),
        point(recent + 2000, 30),
      ]);

    const day = await history('24h');
    expect(day.points).toHaveLength(1); // the old points are outside 24h
    expect(day.points[0]?.cpu_usage).toBe(20);

    await t.app.containers.rollUp();
    const rolled = await t.app.db
      .select()
      .from(containerMetrics)
      .where(and(eq(containerMetrics.containerId, container.id), eq(containerMetrics.resolution, '1h')));
    expect(rolled).toHaveLength(1);
    expect(rolled[0]?.cpuUsage).toBe(30);
    const raw = await t.app.db
      .select()
      .from(containerMetrics)
      .where(and(eq(containerMetrics.containerId, container.id), eq(containerMetrics.resolution, 'raw')));
    expect(raw).toHaveLength(2); // only the recent ones stay raw

    const week = await history('7d');
    expect(week.points.map((p) => p.cpu_usage)).toEqual([30, 20]);
  });

  it('reconciles an instance stopped or removed outside the portal', async () => {
    const stopped = await newContainer(t.app, 'outside-stop');
    const removed = await newContainer(t.app, 'outside-delete');
    const instance = async (r: typeof stopped) => (await r.row())?.instanceName ?? '';
    await t.app.containers.driver.stop(await instance(stopped));
    await t.app.containers.driver.delete(await instance(removed));
    await t.app.containers.sampleOnce();
    expect((await stopped.row())?.status).toBe('stopped');
    expect(await removed.row()).toMatchObject({
      status: 'error',
      statusReason: 'The instance was removed outside the portal',
    });
  });

  it('refuses an unknown range with 400, and anyone without a session with 401 first', async () => {
    const { container, token } = await newContainer(t.app, 'ranges');
    const url = `/api/v1/containers/${container.id}/metrics/history?range=2y`;
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
