import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadRecordKey } from '../modules/ai-security/record-key.js';
import { keepDataDirPrivate } from './data-dir.js';

const root = await mkdtemp(join(tmpdir(), 'nuvem-data-dir-'));
afterAll(() => rm(root, { recursive: true, force: true }));

function recordingLog() {
  const info = vi.fn();
  const warn = vi.fn();
  return { log: { info, warn } as unknown as FastifyBaseLogger, info, warn };
}
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe("DATA_DIR is its owner's only", () => {
  it('narrows a DATA_DIR others could enter (an older install, a restored backup) and says so', async () => {
    const dir = join(root, 'wide');
    await mkdir(dir);
    await chmod(dir, 0o755);
    const { log, info, warn } = recordingLog();
    await keepDataDirPrivate(dir, log);
    expect(await modeOf(dir)).toBe(0o700);
    expect(info).toHaveBeenCalledWith({ dataDir: dir, was: '0755' }, expect.stringContaining('narrowed'));
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves a private DATA_DIR alone and makes no missing one', async () => {
    const dir = join(root, 'private');
    await mkdir(dir, { mode: 0o700 });
    const { log, info } = recordingLog();
    await keepDataDirPrivate(dir, log);
    await keepDataDirPrivate(join(root, 'missing'), log);
    expect(await modeOf(dir)).toBe(0o700);
    await expect(stat(join(root, 'missing'))).rejects.toThrow();
    expect(info).not.toHaveBeenCalled();
  });

  it('makes a new DATA_DIR, and each folder on the way to it, for its owner only', async () => {
    const dir = join(root, 'new', 'data');
    await loadRecordKey(dir, { driver: 'postgres', url: 'postgres://unused' });
    expect(await modeOf(join(root, 'new'))).toBe(0o700);
    expect(await modeOf(dir)).toBe(0o700);
  });
});
