import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../paths.js';
import { QUEUE_SCHEMA } from '../plugins/app/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite database (PGlite.dumpDataDir, uncompressed tar) each API file starts from. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each API file copies with CREATE DATABASE ... TEMPLATE. */
    postgresTemplate: string;
  }
}

const require = createRequire(import.meta.url);
const cacheDir = fileURLToPath(new URL('../../../../node_modules/.cache/nuvem-tests', import.meta.url));

/**
 * What a migrated database holds depends on: the committed migrations, pg-boss's schema, and the
 * PGlite build (its data folder's format). A change to any of them makes a new template.
 */
function packageVersion(name: string): string {
  // Packages that export no package.json: the entry file's folder sits under the package's own.
  const entry = require.resolve(name);
  const folder = entry.slice(0, entry.lastIndexOf(`/node_modules/${name}/`) + `/node_modules/${name}/`.length);
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

function templateKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const path of files) hash.update(path.slice(migrationsFolder.length)).update(readFileSync(path));
  hash.update(PgBoss.getConstructionPlans(QUEUE_SCHEMA));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const name of ['@electric-sql/pglite', 'drizzle-orm']) hash.update(`${name}@${packageVersion(name)}`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates one database per run, then every API test file starts from a copy of it instead of
 * running initdb and the migrations again: a PGlite dump loaded with `loadDataDir` (about 1 s
 * instead of 4-5 s), and on PostgreSQL `CREATE DATABASE ... TEMPLATE`. The empty-database path
 * (initdb, every migration, pg-boss creating its schema) is still run here, by the process tests
 * and by the browser tests' server.
 */
export default async function setup(project: TestProject): Promise<void> {
  const key = templateKey();
  const driver = project.config.env.NUVEM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (driver === 'pglite') project.provide('pgliteTemplate', await pgliteTemplate(key));
  else project.provide('postgresTemplate', await postgresTemplate(key));
}

async function pgliteTemplate(key: string): Promise<string> {
  const file = join(cacheDir, `pglite-${key}.tar`);
  if (existsSync(file)) return file;
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    await client.exec(PgBoss.getConstructionPlans(QUEUE_SCHEMA));
    const dump = await client.dumpDataDir('none');
    await mkdir(cacheDir, { recursive: true });
    // Written aside and renamed: a run started beside this one never reads half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

async function postgresTemplate(key: string): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the PostgreSQL test project needs TEST_DATABASE_URL');
  const name = `nuvem_template_${key}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two runs at once on one server: one makes the template, the other waits for it.
    await admin.query('select pg_advisory_lock(727002)');
    const found = await admin.query<{ ready: boolean }>(
      'select datistemplate as ready from pg_database where datname = $1',
      [name],
    );
    if (found.rows[0]?.ready) return name;
    // Templates of older migrations are of no more use.
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'nuvem\\_template\\_%' and datname <> $1",
      [name],
    );
    // Not forced: a run of another checkout still copying one keeps it (and it goes next time).
    for (const { datname } of stale.rows) {
      await admin
        .query(`alter database "${datname}" is_template false`)
        .then(() => admin.query(`drop database if exists "${datname}"`))
        .catch(() => admin.query(`alter database "${datname}" is_template true`).catch(() => {}));
    }
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
      await client.query(PgBoss.getConstructionPlans(QUEUE_SCHEMA));
    } finally {
      await client.end();
    }
    // Marked as a template only once complete; nobody may connect to it from then on.
    await admin.query(`alter database "${name}" with is_template true allow_connections false`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(727002)').catch(() => {});
    await admin.end();
  }
}
