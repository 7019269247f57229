import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupError } from '../../lib/errors.js';
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

  it('refuses a damaged key file with a message naming it and what to do, and narrows a readable one', async () => {
    const database = { driver: 'postgres' as const, url: 'postgres://x' };
    const damaged = await folder();
    // Valid digits followed by others: not silently cut short.
    await writeFile(join(damaged, RECORD_KEY_FILE), `${'ab'.repeat(32)}zz\n`);
    const refusal = loadRecordKey(damaged, database);
    await expect(refusal).rejects.toBeInstanceOf(StartupError);
    await expect(refusal).rejects.toThrow(/ai-security-record\.key does not hold a key.*delete it to start a new key/);
    const directory = await folder();
    await mkdir(join(directory, RECORD_KEY_FILE));
    await expect(loadRecordKey(directory, database)).rejects.toThrow(/ai-security-record\.key cannot be read/);
    const wide = await folder();
    const key = 'cd'.repeat(32);
    await writeFile(join(wide, RECORD_KEY_FILE), `${key}\n`);
    await chmod(join(wide, RECORD_KEY_FILE), 0o644);
    expect((await loadRecordKey(wide, database)).toString('hex')).toBe(key);
    expect((await stat(join(wide, RECORD_KEY_FILE))).mode & 0o077).toBe(0);
  });
});
