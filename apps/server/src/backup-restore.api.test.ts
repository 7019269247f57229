import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { DatabaseConfig } from './config.js';
import { RECORD_KEY_FILE } from './modules/ai-security/record-key.js';
import {
  createTestDatabase,
  registerUser,
  seedPgliteDir,
  testConfig,
  testDriver,
  testOrigin,
  type TestDatabase,
} from './test/helper.testing.js';
import type { App } from './types.js';

const run = promisify(execFile);

/** A server on this database and DATA_DIR (its AI-security record key lives there). */
const serve = (database: DatabaseConfig, dataDir: string): Promise<App> =>
  buildApp({ ...testConfig(database), dataDir });

const signIn = (app: App, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/auth/login', headers: { origin: testOrigin }, payload: { email, password } });

/**
 * docs/operations.md's backup and restore, done as written: the embedded database is the DATA_DIR
 * folder, archived while the server is stopped and unpacked into a fresh folder; PostgreSQL is
 * pg_dump's custom format restored with pg_restore into a fresh database (DATA_DIR's record key
 * copied beside it). The restored server signs the user in and holds their data.
 */
describe(`backup and restore of the ${testDriver} database`, () => {
  const folders: string[] = [];
  const databases: TestDatabase[] = [];
  const folder = async (name: string) => {
    const dir = await mkdtemp(join(tmpdir(), `nuvem-${name}-`));
    folders.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
    await Promise.all(databases.map((database) => database.drop()));
  });

  it('restores into a fresh place, where the user signs in and finds their data', async () => {
    const live = await folder('live');
    let database: DatabaseConfig;
    if (testDriver === 'pglite') {
      await seedPgliteDir(join(live, 'pglite'));
      database = { driver: 'pglite', dataDir: join(live, 'pglite') };
    } else {
      const created = await createTestDatabase();
      databases.push(created);
      database = created.config;
    }
    const before = await serve(database, live);
    const user = await registerUser(before);
    const app = await before.inject({
      method: 'POST',
      url: '/applications',
      headers: { origin: testOrigin, cookie: `nuvem_session=${user.cookie}` },
      payload: { name: 'Backed up', description: 'kept across a restore' },
    });
    expect(app.statusCode).toBe(201);
    await before.close();

    const backups = await folder('backups');
    const fresh = await folder('restored');
    let restored: DatabaseConfig;
    if (database.driver === 'pglite') {
      // Stopped: the whole DATA_DIR, archived and unpacked into an empty folder.
      await run('tar', ['-C', live, '-czf', join(backups, 'nuvem-data.tgz'), '.']);
      await run('tar', ['-C', fresh, '-xzf', join(backups, 'nuvem-data.tgz')]);
      restored = { driver: 'pglite', dataDir: join(fresh, 'pglite') };
    } else {
      await run('pg_dump', ['--format=custom', `--file=${join(backups, 'nuvem.dump')}`, database.url]);
      const empty = await createTestDatabase({ empty: true });
      databases.push(empty);
      if (empty.config.driver !== 'postgres') throw new Error('expected PostgreSQL');
      await run('pg_restore', ['--no-owner', `--dbname=${empty.config.url}`, join(backups, 'nuvem.dump')]);
      await run('cp', ['-p', join(live, RECORD_KEY_FILE), join(fresh, RECORD_KEY_FILE)]);
      restored = empty.config;
    }
    expect(await readFile(join(fresh, RECORD_KEY_FILE), 'utf8')).toBe(
      await readFile(join(live, RECORD_KEY_FILE), 'utf8'),
    );

    // Unpacked where others could enter (the archive's modes, a umask): the server narrows it.
    await chmod(fresh, 0o755);
    const after = await serve(restored, fresh);
    try {
      expect((await stat(fresh)).mode & 0o777).toBe(0o700);
      const res = await signIn(after, user.email, user.password);
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'nuvem_session')?.value;
      const list = await after.inject({
        method: 'GET',
        url: '/applications',
        headers: { cookie: `nuvem_session=${cookie ?? ''}` },
      });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain('"app_name":"Backed up"');
      // The old session still works too: sessions are in the database.
      const me = await after.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { cookie: `nuvem_session=${user.cookie}` },
      });
      expect(me.statusCode).toBe(200);
    } finally {
      await after.close();
    }
  });
});
