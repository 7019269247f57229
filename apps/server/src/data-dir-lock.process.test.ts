import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedPgliteDir } from './test/helper.testing.js';
import { listeningUrl, spawnServer, type ServerProcess } from './test/server-process.testing.js';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

function start(env: Record<string, string>): ServerProcess {
  const server = spawnServer({ SEED_DEMO: 'false', ...env });
  servers.push(server);
  return server;
}

describe('one server per DATA_DIR', () => {
  it('refuses a second server on the same DATA_DIR, and a restart after kill -9 keeps the data', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'nuvem-lock-'));
    dirs.push(dataDir);
    await seedPgliteDir(join(dataDir, 'pglite'));

    const a = start({ DATA_DIR: dataDir });
    const urlA = await listeningUrl(a);
    const email = `lock-${randomBytes(4).toString('hex')}@example.com`;
    const password = `Lock-${randomBytes(12).toString('hex')}`;
    const registered = await fetch(`${urlA}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, displayName: 'Lock Test' }),
    });
    expect(registered.status).toBe(201);

    // B on the same folder stops at once with a message saying who holds it and what to do.
    const b = start({ DATA_DIR: dataDir });
    const outcome = await Promise.race([
      b.exited.then((code) => `exited with ${code}`),
      listeningUrl(b).then(
        () => 'listening',
        () => 'exited',
      ),
    ]);
    expect(outcome).toMatch(/^exited with [1-9]/);
    const message = b.output();
    expect(message).not.toContain('Nuvem is listening');
    expect(message).toContain(join(dataDir, 'pglite'));
    expect(message).toContain(`pid ${a.child.pid}`);
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('another DATA_DIR');
    expect(message).not.toMatch(/^\s+at /m); // a message, not a stack trace

    // A is untouched.
    expect((await fetch(`${urlA}/readyz`)).status).toBe(200);

    // A dies without cleaning up: its lock is stale, and C starts and sees A's user.
    a.child.kill('SIGKILL');
    await a.exited;
    const c = start({ DATA_DIR: dataDir });
    const urlC = await listeningUrl(c);
    const login = await fetch(`${urlC}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status, await login.clone().text()).toBe(200);

    c.child.kill('SIGTERM');
    expect(await c.exited).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false); // released on a clean shutdown
  }, 120_000);
});

describe('a dependency that does not answer at start-up', () => {
  it('stops with a plain message saying what to do when Redis does not answer, not a stack trace', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'nuvem-redis-down-'));
    dirs.push(dataDir);
    await seedPgliteDir(join(dataDir, 'pglite'));
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    const server = start({ DATA_DIR: dataDir, REDIS_URL: 'redis://:secret-pw@127.0.0.1:1' });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain('Redis at REDIS_URL');
    expect(output).toContain('unset REDIS_URL');
    expect(output).not.toContain('secret-pw');
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
    // The data folder is free again for the next start.
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  });
});
