import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'apps/server/dist/server.js');

/**
 * Starts the built server on a free port with an empty data directory, publishes its address
 * to the tests in NUVEM_E2E_URL, and returns the teardown that stops it gracefully.
 */
export default async function globalSetup() {
  if (!existsSync(serverEntry) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The portal is not built: run `npm run build` before the browser tests.');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'nuvem-e2e-'));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Nuvem is listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
  process.env.NUVEM_E2E_URL = url;

  return async () => {
    child.kill('SIGTERM');
    const code = await exited;
    await rm(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`server did not shut down cleanly (exit ${code}):\n${output}`);
  };
}
