import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function folder() {
  const dir = await mkdtemp(join(tmpdir(), 'nuvem-lock-unit-'));
  dirs.push(dir);
  return join(dir, 'pglite');
}

/** A pid that is certainly not running: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const owner = (fields: Record<string, unknown>) =>
  JSON.stringify({ hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z', token: 'other', ...fields });

describe('lockDataDir', () => {
  it('refuses a second holder while the first lives, and lets go on release', async () => {
    const dir = await folder();
    const first = await lockDataDir(dir);
    const refused = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`pid ${process.pid}`);
    await first.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const second = await lockDataDir(dir);
    await second.release();
  });

  it('takes over the lock of a process that is gone', async () => {
    const dir = await folder();
    await writeFile(`${dir}.lock`, owner({ pid: deadPid() }));
    const lock = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it.runIf(process.platform === 'linux')('takes over when the pid now belongs to another process', async () => {
    const dir = await folder();
    // Our own pid, alive, but recorded with another start time: the holder died and the pid was reused.
    await writeFile(`${dir}.lock`, owner({ pid: process.pid, startTicks: '1' }));
    const lock = await lockDataDir(dir);
    await lock.release();
  });

  it('does not take over a lock held from another host, and names it', async () => {
    const dir = await folder();
    await writeFile(`${dir}.lock`, owner({ pid: deadPid(), hostname: 'other-host.example' }));
    const refused = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain('other-host.example');
    expect(existsSync(`${dir}.lock`)).toBe(true);
  });

  it('release leaves a lock file that is no longer its own', async () => {
    const dir = await folder();
    const lock = await lockDataDir(dir);
    await writeFile(lock.file, owner({ pid: process.pid, token: 'someone-else' }));
    await lock.release();
    expect(existsSync(lock.file)).toBe(true);
  });
});
