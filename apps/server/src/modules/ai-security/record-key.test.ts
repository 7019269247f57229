import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRecordKey, RECORD_KEY_FILE } from './record-key.js';

describe('the key of the records’ text digests', () => {
  const folders: string[] = [];
  afterEach(async () => {
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });
  const folder = async () => {
    const made = await mkdtemp(join(tmpdir(), 'nuvem-record-key-'));
    folders.push(made);
    return made;
  };

  it('is made once per DATA_DIR, readable by its owner only, and the same on every start after', async () => {
    const dataDir = await folder();
    const database = { driver: 'pglite' as const, dataDir: join(dataDir, 'pglite') };
    const first = await loadRecordKey(dataDir, database);
    expect(first).toHaveLength(32);
    expect(await loadRecordKey(dataDir, database)).toEqual(first);
    expect((await stat(join(dataDir, RECORD_KEY_FILE))).mode & 0o077).toBe(0);
    // Servers starting together agree on one key, and leave no drafts behind.
    const keys = await Promise.all(
      Array.from({ length: 4 }, () => loadRecordKey(dataDir, { driver: 'postgres', url: 'postgres://x' })),
    );
    for (const key of keys) expect(key).toEqual(first);
    expect(await readdir(dataDir)).toEqual([RECORD_KEY_FILE]);
    // Another DATA_DIR, another key.
    expect(await loadRecordKey(await folder(), database)).not.toEqual(first);
  });

  it('lives only as long as the process when the database is in memory', async () => {
    const dataDir = await folder();
    const a = await loadRecordKey(dataDir, { driver: 'pglite', dataDir: null });
    const b = await loadRecordKey(dataDir, { driver: 'pglite', dataDir: null });
    expect(a).not.toEqual(b);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
