import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  seedPgliteDir,
  testDriver,
  testOrigin,
  type TestDatabase,
} from '../../test/helper.testing.js';
import { listeningUrl, spawnServer, type ServerProcess } from '../../test/server-process.testing.js';
import { LxdClient } from './drivers/lxd-client.js';

const socketPath = process.env.TEST_LXD_SOCKET ?? '/var/lib/lxd/unix.socket';
const image = process.env.LXD_TEST_IMAGE ?? 'nuvem-test';
const lxdAvailable = existsSync(socketPath);
const JOB_TIMEOUT_SECONDS = 15;

/**
 * A server process killed with SIGKILL in the middle of a container's creation, then started again
 * on the same database: the creation job expires, is retried, and the container ends `running`
 * with exactly one instance; never a second instance, never an instance without its row.
 */
describe.runIf(lxdAvailable)(`a crash during a container job, on real LXD and ${testDriver}`, () => {
  const lxd = new LxdClient({ socketPath });
  let database: TestDatabase;
  let dataDir = '';
  let env: Record<string, string> = {};
  let server: ServerProcess | null = null;

  const instances = async (): Promise<string[]> => {
    const urls = (await lxd.call('GET', '/1.0/instances')) as string[];
    return urls.map((url) => url.split('/').pop() ?? '');
  };

  const start = async () => {
    server = spawnServer(env);
    const url = await listeningUrl(server);
    return url;
  };

  const kill = async () => {
    const current = server;
    if (!current) return;
    current.child.kill('SIGKILL');
    await current.exited;
    server = null;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'nuvem-crash-'));
    if (testDriver === 'pglite') await seedPgliteDir(join(dataDir, 'pglite'));
    env = {
      CONTAINER_DRIVER: 'lxd',
      LXD_SOCKET: socketPath,
      LXD_IMAGE_MAP: JSON.stringify({ '*': image }),
      CONTAINER_JOB_TIMEOUT_SECONDS: String(JOB_TIMEOUT_SECONDS),
      QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
      QUEUE_POLLING_INTERVAL_SECONDS: '0.5',
      METRICS_SAMPLE_INTERVAL_MS: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: testOrigin,
      ...(database.config.driver === 'postgres' ? { DATABASE_URL: database.config.url } : { DATA_DIR: dataDir }),
    };
  });

  afterAll(async () => {
    await kill();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ends a creation killed half-way with one running instance after the restart', async () => {
    const before = new Set(await instances());
    let base = await start();

    const register = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testOrigin },
      body: JSON.stringify({
        email: `crash-${Date.now()}@example.com`,
        password: 'correct horse battery',
        displayName: 'Crash',
      }),
    });
    expect(register.status).toBe(201);
    const cookie = (register.headers.getSetCookie().find((c) => c.startsWith('nuvem_session=')) ?? '').split(';')[0]!;
    const headers = { cookie, origin: testOrigin, 'content-type': 'application/json' };

    const created = await fetch(`${base}/api/v1/containers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'crash-1',
        tier: 'small',
        template_id: 'nodejs-18',
        root_password: 'correct-horse-1',
      }),
    });
    expect(created.status).toBe(202);
    const { container } = (await created.json()) as { container: { id: string; status: string } };
    expect(container.status).toBe('starting');

    // Other test files make LXD instances at the same time (two workers): count only this
    // container's, named after its id as the provisioning job names it (and only it can make it).
    const own = `nuvem-${container.id.slice(4, 20)}`;
    const ours = async () => (await instances()).filter((name) => name === own && !before.has(name));

    // Kill the process as soon as its job has made the instance, before it has finished.
    const deadline = Date.now() + 60_000;
    let made: string[] = [];
    while (Date.now() < deadline) {
      made = await ours();
      if (made.length > 0) break;
      await delay(25);
    }
    expect(made).toHaveLength(1);
    await kill();

    base = await start();
    const status = async () => {
      const res = await fetch(`${base}/api/v1/containers/${container.id}`, { headers: { cookie } });
      return ((await res.json()) as { container: { status: string; status_reason: string | null } }).container;
    };
    // Until the dead attempt expires the row says starting; then the retry provisions it again.
    const until = Date.now() + (JOB_TIMEOUT_SECONDS + 90) * 1000;
    let current = await status();
    while (Date.now() < until && current.status === 'starting') {
      await delay(500);
      current = await status();
    }
    expect(current).toMatchObject({ status: 'running', status_reason: null });
    expect(await ours()).toEqual(made);

    // Deleting it as a job removes the instance and the row.
    const removed = await fetch(`${base}/api/v1/containers/${container.id}`, { method: 'DELETE', headers });
    expect([200, 202]).toContain(removed.status);
    const gone = Date.now() + 60_000;
    while (Date.now() < gone && (await ours()).length > 0) await delay(250);
    expect(await ours()).toEqual([]);
    const list = await fetch(`${base}/api/v1/containers`, { headers: { cookie } });
    expect(((await list.json()) as { containers: unknown[] }).containers).toEqual([]);
  }, 240_000);
});
