import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rmdir, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { StartupError } from '../lib/errors.js';

/**
 * One server per PGlite folder: an O_EXCL lock file beside it, naming its holder. A holder that
 * is gone (same host, pid not alive, or alive but a different process that reused the pid) is
 * stale and taken over at once, so a restart after `kill -9` is not held up.
 * See docs/decisions/012-data-dir-lock.md for the design and its limits.
 */

interface LockOwner {
  pid: number;
  hostname: string;
  /** Linux: the boot id and the process's start time in clock ticks since boot (pid reuse). */
  bootId: string | null;
  startTicks: string | null;
  startedAt: string;
  /** Tells our own lock file from one written by someone else since. */
  token: string;
}

export class DataDirLockedError extends StartupError {
  readonly code = 'NUVEM_DATA_DIR_LOCKED';
  constructor(
    readonly folder: string,
    readonly lockFile: string,
    readonly owner: LockOwner | null,
  ) {
    const who = !owner
      ? 'another Nuvem server'
      : owner.hostname === hostname()
        ? `another Nuvem server (pid ${owner.pid}, started ${owner.startedAt})`
        : `a Nuvem server on host ${owner.hostname} (pid ${owner.pid}, started ${owner.startedAt})`;
    super(
      [
        `The data folder ${folder} is in use by ${who}.`,
        'Two servers on one DATA_DIR would each see different data and lose writes, so this one will not start.',
        'Stop the other server, give this one another DATA_DIR, or set DATABASE_URL to a PostgreSQL server to run several instances.',
        `(If no server is using it, delete the lock file ${lockFile}.)`,
      ].join('\n'),
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command, which may hold spaces). */
function startTicksOf(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function bootId(): string | null {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the recorded holder still runs. Another host's holder cannot be checked: assume it does. */
function holderIsLive(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return true;
  const currentBoot = bootId();
  if (owner.bootId && currentBoot && owner.bootId !== currentBoot) return false; // rebooted since
  if (!isAlive(owner.pid)) return false;
  if (owner.startTicks) {
    const ticks = startTicksOf(owner.pid);
    if (ticks && ticks !== owner.startTicks) return false; // the pid now belongs to another process
  }
  return true;
}

function parseOwner(raw: string): LockOwner | null {
  try {
    const value = JSON.parse(raw) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return null;
    return {
      pid: value.pid,
      hostname: value.hostname,
      bootId: value.bootId ?? null,
      startTicks: value.startTicks ?? null,
      startedAt: value.startedAt ?? 'at an unknown time',
      token: value.token ?? '',
    };
  } catch {
    return null;
  }
}

async function readLock(file: string): Promise<{ raw: string; mtimeMs: number } | null> {
  try {
    const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { raw, mtimeMs: info.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

// A file just created by another starter may still be empty; give it this long to be written.
const UNWRITTEN_GRACE_MS = 2_000;
// A takeover guard older than this was left by a process that died mid-takeover.
const GUARD_STALE_MS = 10_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the lock for `folder` (the file `<folder>.lock`), or throws DataDirLockedError. */
export async function lockDataDir(folder: string): Promise<DataDirLock> {
  const file = `${folder}.lock`;
  const guard = `${folder}.lock.takeover`;
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    bootId: bootId(),
    startTicks: startTicksOf(process.pid),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    token: randomBytes(16).toString('hex'),
  };
  const contents = `${JSON.stringify(owner)}\n`;

  const deadline = Date.now() + GUARD_STALE_MS + 5_000;
  while (Date.now() < deadline) {
    try {
      const handle = await open(file, 'wx', 0o644);
      try {
        await handle.writeFile(contents);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return { file, release: () => release(file, owner.token) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }

    const found = await readLock(file);
    if (!found) continue; // released in between: try again
    const holder = parseOwner(found.raw);
    if (!holder && Date.now() - found.mtimeMs < UNWRITTEN_GRACE_MS) {
      await delay(100);
      continue;
    }
    if (holder && holderIsLive(holder)) throw new DataDirLockedError(folder, file, holder);

    // Stale. Only one starter may remove it: whoever makes the guard folder; the others retry
    // and then meet the new holder's live lock.
    try {
      await mkdir(guard);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const guardInfo = await stat(guard).catch(() => null);
      if (guardInfo && Date.now() - guardInfo.mtimeMs > GUARD_STALE_MS) await rmdir(guard).catch(() => {});
      else await delay(100);
      continue;
    }
    try {
      // Still the stale file we judged (not a new holder's)? Then remove it.
      const again = await readLock(file);
      if (again?.raw === found.raw) await unlink(file).catch(() => {});
    } finally {
      await rmdir(guard).catch(() => {});
    }
  }
  throw new DataDirLockedError(folder, file, null);
}

/** Removes the lock file if it is still ours. */
async function release(file: string, token: string): Promise<void> {
  const found = await readLock(file).catch(() => null);
  if (found && parseOwner(found.raw)?.token === token) await unlink(file).catch(() => {});
}
