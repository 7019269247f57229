import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Starts src/server.ts as `npm start` would, on a free port, and resolves with its address. */
async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Nuvem is listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return { child, url, exited, output: () => output };
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT');
  });
});
