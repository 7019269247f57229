import {
  containerActionResponseSchema,
  containerDefaultsResponseSchema,
  containerSummaryResponseSchema,
  containerListResponseSchema,
  containerLogsResponseSchema,
  containerMetricsResponseSchema,
  containerResponseSchema,
  type Container,
} from '@nuvem/contracts/containers';
import { errorResponseSchema } from '@nuvem/contracts/common';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { containers } from '../../db/schema/containers.js';
import {
  registerUser,
  settleJobs,
  testDriver,
  testOrigin,
  useTestApp,
  type TestUser,
} from '../../test/helper.testing.js';
import type { App } from '../../types.js';

const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPL6s+BD6u8ZTYi/nahcz9wIVsXPQkKR/Md88uIjahos dev@laptop';

function as(app: App, user: TestUser) {
  const headers = { origin: testOrigin, authorization: `Bearer ${user.accessToken}` };
  return {
    get: (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers }),
    // A create answers 202 at once; the tests act on what the job made, so they wait for it.
    post: async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
      if (url === '/containers') await settleJobs(app);
      return res;
    },
    put: (url: string, payload: object) => app.inject({ method: 'PUT', url: `/api/v1${url}`, headers, payload }),
    // As the spec's client does: a JSON content type on every call, body or not.
    del: (url: string) =>
      app.inject({
        method: 'DELETE',
        url: `/api/v1${url}`,
        headers: { ...headers, 'content-type': 'application/json' },
      }),
  };
}

describe(`container API on the demo driver, ${testDriver}`, () => {
  const t = useTestApp();
  const countRows = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(containers))[0]?.n ?? 0;

  it('creates a container that runs, with an SSH command, and lists it', async () => {
    const ana = as(t.app, await registerUser(t.app));
    const res = await ana.post('/containers', {
      name: 'web-1',
      tier: 'medium',
      template_id: 'nodejs-18',
      ssh_keys: [key],
      environment: { NODE_ENV: 'production' },
      startup_script: 'echo ready',
      root_password: 'a-strong-password',
    });
    // Accepted at once: the row is starting and a job brings the instance up.
    expect(res.statusCode).toBe(202);
    const accepted = containerResponseSchema.parse(res.json()).container;
    expect(accepted).toMatchObject({ name: 'web-1', status: 'starting' });
    await settleJobs(t.app);
    const { container } = containerResponseSchema.parse((await ana.get(`/containers/${accepted.id}`)).json());
    expect(container).toMatchObject({
      name: 'web-1',
      status: 'running',
      tier: 'medium',
      template_id: 'nodejs-18',
      driver: 'demo',
    });
    expect(container.id).toMatch(/^ctr_/);
    expect(container.ssh_command).toMatch(/^ssh root@/);

    const list = containerListResponseSchema.parse((await ana.get('/containers')).json());
    expect(list).toMatchObject({ success: true, total: 1, page: 1, per_page: 10, pages: 1 });
    expect(list.containers[0]?.id).toBe(container.id);

    // The provisioning job carried the password's SHA-512 crypt hash, never the password itself.
    const { rows } = await t.app.database.executeSql(
      `select data::text as data from pgboss.job where name = 'containers.provision' and data->>'id' = $1`,
      [container.id],
    );
    expect(rows).toHaveLength(1);
    const stored = String(rows[0]?.data);
    expect(stored).not.toContain('a-strong-password');
    expect(stored).toMatch(/"root_password_hash": ?"\$6\$/);
  });

  it("shows a change in the user's next list at once, and each running container's latest sample", async () => {
    const cleo = as(t.app, await registerUser(t.app));
    const headers = { origin: testOrigin, authorization: `Bearer ${(await registerUser(t.app)).accessToken}` };
    // Read (and kept) before the change: the change still shows at once.
    expect(containerListResponseSchema.parse((await cleo.get('/containers')).json()).total).toBe(0);
    const { container } = containerResponseSchema.parse((await cleo.post('/containers', { name: 'fresh' })).json());
    const listed = containerListResponseSchema.parse((await cleo.get('/containers')).json());
    expect(listed.containers.map((c) => [c.id, c.status])).toEqual([[container.id, 'running']]);
    // No sample yet: zeros, not a driver call per row. After the sampler's pass: its figures.
    expect(listed.containers[0]?.metrics.memory_usage).toBe(0);
    await t.app.containers.sampleOnce();
    const sampled = containerListResponseSchema.parse((await cleo.get('/containers')).json()).containers[0];
    expect(sampled?.metrics.memory_usage).toBeGreaterThan(0);
    expect(sampled?.metrics.processes).toBeGreaterThan(0);
    // Stopped: listed as stopped, with zeros again; deleted: gone.
    await cleo.post(`/containers/${container.id}/actions`, { action: 'stop' });
    await settleJobs(t.app);
    const stopped = containerListResponseSchema.parse((await cleo.get('/containers')).json()).containers[0];
    expect(stopped).toMatchObject({ status: 'stopped', metrics: { memory_usage: 0, processes: 0 } });
    expect((await cleo.del(`/containers/${container.id}`)).statusCode).toBeLessThan(300);
    await settleJobs(t.app);
    expect(containerListResponseSchema.parse((await cleo.get('/containers')).json()).total).toBe(0);
    // Another user's kept list never shows it.
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/containers', headers });
    expect(containerListResponseSchema.parse(other.json()).total).toBe(0);
  });

  it('pages past the end with the total', async () => {
    const dan = as(t.app, await registerUser(t.app));
    for (let i = 0; i < 2; i++) expect((await dan.post('/containers', { name: `end-${i}` })).statusCode).toBe(202);
    const past = containerListResponseSchema.parse((await dan.get('/containers?page=3&per_page=2')).json());
    expect(past).toMatchObject({ total: 2, page: 3, pages: 1 });
    expect(past.containers).toHaveLength(0);
  });

  it('pages and filters by status', async () => {
    const bia = as(t.app, await registerUser(t.app));
    for (let i = 0; i < 3; i++) expect((await bia.post('/containers', { name: `app-${i}` })).statusCode).toBe(202);
    const page = containerListResponseSchema.parse((await bia.get('/containers?page=2&per_page=2')).json());
    expect(page).toMatchObject({ total: 3, page: 2, per_page: 2, pages: 2 });
    expect(page.containers).toHaveLength(1);
    const stopped = containerListResponseSchema.parse((await bia.get('/containers?status=stopped')).json());
    expect(stopped.total).toBe(0);
  });

  it.each([
    [{ name: '1web' }, 'name'],
    [{ name: 'Web' }, 'name'],
    [{ name: 'a'.repeat(64) }, 'name'],
    [{ name: 'ok', tier: 'huge' }, 'tier'],
    [{ name: 'ok', template_id: 'windows' }, 'template_id'],
    [{ name: 'ok', ssh_keys: ['not a key'] }, 'ssh_keys.0'],
    [{ name: 'ok', environment: { 'BAD-KEY': 'x' } }, 'environment.BAD-KEY'],
    [{ name: 'ok', startup_script: 'x'.repeat(64 * 1024 + 1) }, 'startup_script'],
    [{ name: 'ok', root_password: 'short' }, 'root_password'],
    [{ name: 'ok', root_password: 'two lines\nof password' }, 'root_password'],
  ])('refuses %j naming the field, and writes nothing', async (payload, field) => {
    const user = as(t.app, await registerUser(t.app));
    const before = await countRows();
    const res = await user.post('/containers', payload);
    expect(res.statusCode).toBe(400);
    expect(errorResponseSchema.parse(res.json()).details?.map((d) => d.path)).toContain(`body.${field}`);
    expect(await countRows()).toBe(before);
  });

  it('refuses a second container with the same name for one user, not for another', async () => {
    const a = as(t.app, await registerUser(t.app));
    const b = as(t.app, await registerUser(t.app));
    expect((await a.post('/containers', { name: 'db' })).statusCode).toBe(202);
    const again = await a.post('/containers', { name: 'db' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'You already have a container named db', code: 'NAME_TAKEN' });
    expect((await b.post('/containers', { name: 'db' })).statusCode).toBe(202);
  });

  it('runs the actions the status allows and refuses the others with 409', async () => {
    const user = as(t.app, await registerUser(t.app));
    const { container } = containerResponseSchema.parse((await user.post('/containers', { name: 'api' })).json());
    const act = (action: string, parameters?: object) =>
      user.post(`/containers/${container.id}/actions`, { action, parameters });

    const start = await act('start');
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ error: 'Cannot start a container that is running' });

    const stop = containerActionResponseSchema.parse((await act('stop')).json());
    expect(stop).toMatchObject({ message: 'Container stop completed successfully', container: { status: 'stopped' } });
    expect((await act('stop')).statusCode).toBe(409);
    expect(containerActionResponseSchema.parse((await act('start')).json()).container.status).toBe('running');
    expect(containerActionResponseSchema.parse((await act('restart')).json()).container.status).toBe('running');
    expect((await act('snapshot', { name: 'before-upgrade' })).statusCode).toBe(200);

    const same = await act('scale', { tier: 'small' });
    expect(same.statusCode).toBe(409);
    const scaled = containerActionResponseSchema.parse((await act('scale', { tier: 'large' })).json());
    expect(scaled.container).toMatchObject({ tier: 'large', status: 'running' });
    expect((await act('scale', {})).statusCode).toBe(400);
    expect((await act('explode')).statusCode).toBe(400);
  });

  it("answers snapshot, scale and update with the container's current metrics, as GET shows them", async () => {
    const user = as(t.app, await registerUser(t.app));
    const { container } = containerResponseSchema.parse(
      (await user.post('/containers', { name: 'figures', tier: 'medium' })).json(),
    );
    const current = async () =>
      containerResponseSchema.parse((await user.get(`/containers/${container.id}`)).json()).container.metrics;
    /** The figures that do not move between two calls a few milliseconds apart (CPU is a rate). */
    const steady = (m: Container['metrics']) => ({ disk_usage: m.disk_usage, processes: m.processes });
    const expectLive = (m: Container['metrics'], shown: Container['metrics']) => {
      expect(m.memory_usage).toBeGreaterThan(0);
      expect(m.disk_usage).toBeGreaterThan(0);
      expect(m.processes).toBeGreaterThan(0);
      expect(steady(m)).toEqual(steady(shown));
      expect(m.memory_usage).toBeCloseTo(shown.memory_usage, 0);
    };

    const snapshot = containerActionResponseSchema.parse(
      (
        await user.post(`/containers/${container.id}/actions`, { action: 'snapshot', parameters: { name: 's1' } })
      ).json(),
    );
    expectLive(snapshot.container.metrics, await current());

    const scaled = containerActionResponseSchema.parse(
      (
        await user.post(`/containers/${container.id}/actions`, { action: 'scale', parameters: { tier: 'large' } })
      ).json(),
    );
    expect(scaled.container.tier).toBe('large');
    expectLive(scaled.container.metrics, await current());

    const updated = containerResponseSchema.parse(
      (await user.put(`/containers/${container.id}`, { description: 'has figures' })).json(),
    );
    expectLive(updated.container.metrics, await current());

    // A stopped container has no live figures, in the reply as in GET.
    const stopped = containerActionResponseSchema.parse(
      (await user.post(`/containers/${container.id}/actions`, { action: 'stop' })).json(),
    );
    expect(stopped.container.metrics).toEqual(await current());
    expect(stopped.container.metrics.processes).toBe(0);
  });

  it('serves metrics with every detail field, and console logs', async () => {
    const user = as(t.app, await registerUser(t.app));
    const { container } = containerResponseSchema.parse(
      (await user.post('/containers', { name: 'm1', tier: 'medium' })).json(),
    );
    const metrics = containerMetricsResponseSchema.parse(
      (await user.get(`/containers/${container.id}/metrics`)).json(),
    ).metrics;
    expect(metrics.memory_total_mb).toBe(2048);
    expect(metrics.disk_total_gb).toBe(50);
    expect(metrics.processes).toBeGreaterThan(0);
    expect(metrics.memory_usage).toBeGreaterThan(0);
    const logs = containerLogsResponseSchema.parse(
      (await user.get(`/containers/${container.id}/logs?lines=5`)).json(),
    ).logs;
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.length).toBeLessThanOrEqual(5);
    expect((await user.get(`/containers/${container.id}/logs?lines=0`)).statusCode).toBe(400);
  });

  it('updates the description and deletes the container', async () => {
    const user = as(t.app, await registerUser(t.app));
    const { container } = containerResponseSchema.parse((await user.post('/containers', { name: 'tmp' })).json());
    const updated = containerResponseSchema.parse(
      (await user.put(`/containers/${container.id}`, { description: 'scratch box' })).json(),
    );
    expect(updated.container.description).toBe('scratch box');
    expect((await user.put(`/containers/${container.id}`, { name: 'renamed' })).statusCode).toBe(400);
    const deleted = await user.del(`/containers/${container.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Container deleted successfully' });
    expect((await user.get(`/containers/${container.id}`)).statusCode).toBe(404);
  });

  it('serves the tier and template catalogues', async () => {
    const user = as(t.app, await registerUser(t.app));
    expect((await user.get('/containers/tiers')).json()).toMatchObject({
      tiers: [
        { id: 'small', cpu: 1, memory_gb: 1, disk_gb: 10, monthly_usd: 5 },
        { id: 'medium', cpu: 1, memory_gb: 2, disk_gb: 50, monthly_usd: 10 },
        { id: 'large', cpu: 2, memory_gb: 4, disk_gb: 100, monthly_usd: 20 },
      ],
    });
    expect((await user.get('/containers/templates')).json()).toMatchObject({
      templates: [
        { id: '', name: 'Ubuntu 24.04' },
        { id: 'nodejs-18' },
        { id: 'python-3.11' },
        { id: 'go-1.21' },
        { id: 'rust-latest' },
        { id: 'docker' },
      ],
    });
  });

  it('refuses a second action while one is in flight, then accepts the next', async () => {
    const user = as(t.app, await registerUser(t.app));
    const { container } = containerResponseSchema.parse((await user.post('/containers', { name: 'busy' })).json());
    const driver = t.app.containers.driver;
    const realRestart = driver.restart.bind(driver);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    driver.restart = async (name) => {
      entered();
      await gate;
      return realRestart(name);
    };
    try {
      const first = user.post(`/containers/${container.id}/actions`, { action: 'restart' });
      await inside;
      const second = await user.post(`/containers/${container.id}/actions`, { action: 'stop' });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({
        code: 'ACTION_IN_FLIGHT',
        error: 'Another action is still running on busy',
      });
      const parallel = await Promise.all(
        [1, 2, 3].map(() => user.post(`/containers/${container.id}/actions`, { action: 'restart' })),
      );
      expect(parallel.map((r) => r.statusCode)).toEqual([409, 409, 409]);
      release();
      expect((await first).statusCode).toBe(200);
    } finally {
      driver.restart = realRestart;
      release();
    }
    const next = await user.post(`/containers/${container.id}/actions`, { action: 'stop' });
    expect(containerActionResponseSchema.parse(next.json()).container.status).toBe('stopped');
  });

  it("keeps each user's defaults for new containers, the spec's until saved", async () => {
    const ana = as(t.app, await registerUser(t.app));
    const bia = as(t.app, await registerUser(t.app));
    expect((await ana.get('/containers/defaults')).json()).toEqual({
      success: true,
      defaults: { tier: 'small', template_id: '' },
    });
    const saved = await ana.put('/containers/defaults', { tier: 'large', template_id: 'python-3.11' });
    expect(saved.json()).toEqual({ success: true, defaults: { tier: 'large', template_id: 'python-3.11' } });
    expect((await ana.put('/containers/defaults', { tier: 'medium', template_id: 'go-1.21' })).statusCode).toBe(200);
    expect(containerDefaultsResponseSchema.parse((await ana.get('/containers/defaults')).json()).defaults).toEqual({
      tier: 'medium',
      template_id: 'go-1.21',
    });
    expect(containerDefaultsResponseSchema.parse((await bia.get('/containers/defaults')).json()).defaults).toEqual({
      tier: 'small',
      template_id: '',
    });

    for (const bad of [
      { tier: 'huge', template_id: '' },
      { tier: 'small', template_id: 'windows' },
      { tier: 'small' },
    ]) {
      const res = await ana.put('/containers/defaults', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorResponseSchema.parse(res.json()).success).toBe(false);
    }
    expect(containerDefaultsResponseSchema.parse((await ana.get('/containers/defaults')).json()).defaults.tier).toBe(
      'medium',
    );
  });

  it("sums up the user's containers for the Overview from the latest samples", async () => {
    const user = as(t.app, await registerUser(t.app));
    const empty = containerSummaryResponseSchema.parse((await user.get('/containers/summary')).json()).summary;
    expect(empty).toEqual({
      total: 0,
      running: 0,
      stopped: 0,
      avg_cpu_usage: 0,
      avg_memory_usage: 0,
      avg_disk_usage: 0,
      network_total_mb: 0,
      sampled_containers: 0,
    });
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      ids.push(containerResponseSchema.parse((await user.post('/containers', { name })).json()).container.id);
    }
    await user.post(`/containers/${ids[2] ?? ''}/actions`, { action: 'stop' });
    await t.app.containers.sampleOnce();
    const summary = containerSummaryResponseSchema.parse((await user.get('/containers/summary')).json()).summary;
    expect(summary).toMatchObject({ total: 3, running: 2, stopped: 1, sampled_containers: 2 });
    expect(summary.avg_memory_usage).toBeGreaterThan(0);
    expect(summary.avg_disk_usage).toBeGreaterThan(0);
    // Another user's containers never count.
    const other = as(t.app, await registerUser(t.app));
    expect(containerSummaryResponseSchema.parse((await other.get('/containers/summary')).json()).summary.total).toBe(0);
  });
});
