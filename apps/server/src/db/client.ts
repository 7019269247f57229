import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { migrationsFolder } from '../paths.js';
import { inSpan, tracingOn } from '../lib/tracing.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { tables } from './tables.js';
import { DATA_DIR_MODE } from '../lib/data-dir.js';

/** The one database type modules see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof tables>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseConfig['driver'];
  /** Applies the committed drizzle-kit migrations that have not run yet. */
  migrate(): Promise<void>;
  /** A round trip to the database; throws when it does not answer. */
  ping(): Promise<void>;
  /**
   * Raw SQL for the job queue (pg-boss): with values, one parameterised statement; without, the
   * text may hold several statements (pg-boss's own migrations and locked blocks).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Whether the latest committed migration has been applied (false: no schema, or an older one). */
  isMigrated(): Promise<boolean>;
  /**
   * Calls `onMessage` with the payload of each NOTIFY on `channel` (LISTEN). On PostgreSQL the
   * listening connection is kept: after it was lost and came back, `onReconnect` is called
   * (notifications sent meanwhile are gone). Resolves with a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

let latestMigration: number | undefined;
/** When the newest committed migration was generated: drizzle records it as `created_at` once applied. */
function latestMigrationMillis(): number {
  latestMigration ??= readMigrationFiles({ migrationsFolder }).at(-1)?.folderMillis ?? 0;
  return latestMigration;
}

// drizzle's migrator keeps its journal in drizzle.__drizzle_migrations and applies every
// committed migration newer than its newest row.
async function isMigrated(query: Query): Promise<boolean> {
  const table = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (table.rows[0]?.present !== true) return false;
  const applied = await query('select max(created_at) as latest from drizzle.__drizzle_migrations');
  const latest = applied.rows[0]?.latest;
  return latest !== null && latest !== undefined && Number(latest) >= latestMigrationMillis();
}

// Any constant works; it only has to be the same in every instance migrating one database.
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  return config.driver === 'postgres' ? openPostgres(config.url) : openPglite(config.dataDir, config.loadDataDir);
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<DatabaseHandle> {
  // PGlite is one process's database: a second server on the folder would fork the data. The
  // lock is taken before PGlite opens the folder and released after it closed.
  let lock: DataDirLock | null = null;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true, mode: DATA_DIR_MODE });
    lock = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  if (tracingOn()) traceMethods(client, ['query', 'exec', 'transaction']);
  const db = drizzlePglite({ client, schema: tables, casing: 'snake_case' });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    isMigrated: () => isMigrated((text) => client.query(text)),
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // A request waits up to 15 s for one of the 10 connections: a rush of transactions that queue on
  // one row (500 buyers for the last tickets) is served in turn instead of failing after 5 s.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 15_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  if (tracingOn()) {
    traceMethods(pool, ['query']);
    // Each connection's statements too (transactions run on one connection).
    pool.on('connect', (client) => traceMethods(client, ['query']));
  }
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
    isMigrated: () => isMigrated((text) => pool.query(text)),
    // node-postgres uses the simple protocol (several statements allowed) when there are no values.
    executeSql: async (text, values) => {
      const result = await pool.query<Record<string, unknown>>(text, values && values.length > 0 ? values : undefined);
      // Several statements answer with one result each: the last one's rows.
      const results: pg.QueryResult<Record<string, unknown>>[] = Array.isArray(result) ? result : [result];
      return { rows: results.at(-1)?.rows ?? [] };
    },
    listen: (channel, onMessage, onReconnect) => listenPostgres(url, channel, onMessage, onReconnect),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * With tracing on: each call of these methods (a statement, or a whole PGlite transaction) is a
 * span named after its first words, with the statement's text (never its bound values).
 */
function traceMethods(target: object, names: string[]): void {
  for (const name of names) {
    const original: unknown = Reflect.get(target, name);
    if (typeof original !== 'function') continue;
    Reflect.set(target, name, (...args: unknown[]) => {
      const first = args[0];
      const text: unknown =
        typeof first === 'string' ? first : first && typeof first === 'object' ? Reflect.get(first, 'text') : undefined;
      // A callback-style call (pg's own) is passed through untraced.
      if (typeof args.at(-1) === 'function' && name !== 'transaction') {
        return Reflect.apply(original, target, args) as unknown;
      }
      const statement = typeof text === 'string' ? text.slice(0, 2_000) : name;
      const operation =
        name === 'transaction' ? 'transaction' : (statement.trim().split(/\s+/)[0] ?? name).toLowerCase();
      return inSpan(
        `db ${operation}`,
        { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': statement },
        () => Promise.resolve(Reflect.apply(original, target, args)),
      );
    });
  }
}

/**
 * LISTEN on its own connection (a pooled one would be handed to queries), connected again after
 * a loss with a growing pause (0.5 s to 30 s); `onReconnect` says notifications may have been missed.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let pause = 500;
  const scheduleRetry = (): void => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(() => {
        pause = 500;
        onReconnect?.();
      }, scheduleRetry);
    }, pause);
    retryTimer.unref();
    pause = Math.min(30_000, pause * 2);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client = null;
      void next.end().catch(() => {});
      scheduleRetry();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeListener('error', onLost);
      next.removeListener('end', onLost);
      next.on('error', () => {});
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners('end');
      current.on('error', () => {});
      await current.end().catch(() => {});
    }
  };
}
