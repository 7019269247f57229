import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './test/server-process.testing.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Starts src/server.ts as `npm start` would, on a free port, and resolves with its address. */
async function startServer(env: Record<string, string>) {
  const server = spawnServer(env);
  return { ...server, url: await server.listening };
}

describe('the server process', () => {
  // Two starts, the first on an empty folder (initdb and every migration): the path no API test takes.
  it('serves on the embedded database in DATA_DIR and exits cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'nuvem-process-'));
    dirs.push(dataDir);
    const server = await startServer({ DATA_DIR: dataDir });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    // The first start seeds a demo user and prints its credentials, which work.
    const printed = /e-mail:\s+(\S+)\s+password:\s+(\S+)/.exec(server.output());
    expect(printed?.[1]).toBe('demo@nuvem.local');
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      // No Origin: with PORT=0 the server's own origin (PUBLIC_URL) is not known in advance.
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: printed?.[1], password: printed?.[2] }),
    });
    expect(login.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutdown complete');
    expect(server.output()).toContain('database closed');

    // A second start keeps the data and does not seed again.
    const again = await startServer({ DATA_DIR: dataDir });
    expect(again.output()).not.toContain('Demo account created');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('refuses to start on invalid configuration and says what is wrong', async () => {
    const server = spawnServer({ PORT: 'not-a-port' });
    const code = await server.exited;
    const stderr = server.stderr();
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT');
  });
});
