import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { migrationsFolder } from '../paths.js';
import { tables } from './tables.js';

/** The one database type modules see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof tables>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseConfig['driver'];
  /** Applies the committed drizzle-kit migrations that have not run yet. */
  migrate(): Promise<void>;
  /** A round trip to the database; throws when it does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same in every instance migrating one database.
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  return config.driver === 'postgres' ? openPostgres(config.url) : openPglite(config.dataDir);
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined);
  const db = drizzlePglite({ client, schema: tables, casing: 'snake_case' });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema: tables, casing: 'snake_case' });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      // Several instances may start at once on one database: only one migrates at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
