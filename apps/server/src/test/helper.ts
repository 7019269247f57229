import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../config.js';
import type { App } from '../types.js';

/** Which database this test run uses: the vitest project sets NUVEM_TEST_DB (pglite | postgres). */
export const testDriver: DatabaseConfig['driver'] = process.env.NUVEM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const fixtureWebDist = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database: PGlite in memory, or a new database on the server TEST_DATABASE_URL
 * names (dropped afterwards), so test files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDriver === 'pglite') return { config: { driver: 'pglite', dataDir: null }, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('NUVEM_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `nuvem_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { driver: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A configuration for tests: quiet logs, the fixture web app, and the given database. */
export function testConfig(database: DatabaseConfig, overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    WEB_DIST_DIR: fixtureWebDist,
  });
  return { ...base, database, ...overrides };
}

export interface UseTestAppOptions {
  config?: Partial<AppConfig>;
  /** Runs before the app is ready: register extra routes a test needs here. */
  setup?: (app: App) => void | Promise<void>;
}

/**
 * Gives the test file (or the describe block it is called in) a server on a fresh migrated
 * database, built before its tests and closed, with the database dropped, after them.
 */
export function useTestApp(options: UseTestAppOptions = {}): { readonly app: App } {
  let app: App | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(database.config, options.config));
    await options.setup?.(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  return {
    get app() {
      if (!app) throw new Error('the test app is built in beforeAll; use it inside a test');
      return app;
    },
  };
}
