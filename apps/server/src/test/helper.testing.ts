import { containerJobs } from '../modules/containers/containers.service.js';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../config.js';
import { users } from '../db/schema/users.js';
import type { App } from '../types.js';

/** Which database this test run uses: the vitest project sets NUVEM_TEST_DB (pglite | postgres). */
export const testDriver: DatabaseConfig['driver'] = process.env.NUVEM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const fixtureWebDist = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

const execFileAsync = promisify(execFile);
let pgliteTemplate: Blob | undefined;

/**
 * A fresh database that no other test file sees: PGlite in memory, or a new database on the
 * server TEST_DATABASE_URL names (dropped afterwards). It starts as a copy of the run's migrated
 * template (test/global-setup.ts), or with `empty: true` as a database nothing has touched.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    if (options.empty) return { config: { driver: 'pglite', dataDir: null }, drop: async () => {} };
    pgliteTemplate ??= new Blob([await readFile(inject('pgliteTemplate'))]);
    return { config: { driver: 'pglite', dataDir: null, loadDataDir: pgliteTemplate }, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('NUVEM_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `nuvem_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = options.empty ? '' : ` template "${inject('postgresTemplate')}"`;
    await admin.query(`create database "${name}"${template}`);
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

/**
 * Fills an embedded database folder (a server's DATA_DIR/pglite) with the run's migrated template,
 * so a server or command started on it skips initdb and the migrations. server.process.test.ts
 * still starts one server on an empty folder.
 */
export async function seedPgliteDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await execFileAsync('tar', ['-xf', inject('pgliteTemplate'), '-C', dir]);
}

/** A configuration for tests: quiet logs, the fixture web app, and the given database. */
export function testConfig(database: DatabaseConfig, overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    WEB_DIST_DIR: fixtureWebDist,
    SEED_DEMO: 'false',
    // Plans' container quotas are tested in the billing suites; elsewhere the operator's caps apply.
    PLAN_QUOTAS: 'false',
    PUBLIC_URL: 'http://localhost:3000',
  });
  // The API suites run on the demo driver; the LXD driver has its own tests against the daemon.
  return {
    ...base,
    database,
    containers: { ...base.containers, driver: 'demo', sampleIntervalMs: 0 },
    // Jobs another instance queued are found within half a second (the queue's own floor).
    queue: { ...base.queue, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
    // Mail with no SMTP server is only logged, not written under the checkout's .data folder.
    mail: { ...base.mail, outboxDir: null },
    ...overrides,
  };
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

/** Waits until the container jobs (create, actions, delete) queued so far have finished. */
export async function settleJobs(app: App): Promise<void> {
  await app.queue.drain(Object.values(containerJobs));
}

/** The origin the test app believes it is served at (PUBLIC_URL). */
export const testOrigin = 'http://localhost:3000';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** The session cookie's value. */
  cookie: string;
  accessToken: string;
}

let userCounter = 0;

/** Registers a user through the API and returns its credentials and session. */
export async function registerUser(
  app: App,
  overrides: { email?: string; password?: string; displayName?: string } = {},
) {
  userCounter += 1;
  const email = overrides.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/auth/register',
    headers: { origin: testOrigin },
    remoteAddress: `192.0.2.${(userCounter % 254) + 1}`, // documentation range: a distinct client per user
    payload: { email, password, displayName: overrides.displayName ?? `User ${userCounter}` },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ user: { id: string }; access_token: string }>();
  const cookie = res.cookies.find((c) => c.name === 'nuvem_session')?.value;
  if (!cookie) throw new Error('register set no session cookie');
  return { id: body.user.id, email, password, cookie, accessToken: body.access_token } satisfies TestUser;
}

/**
 * Registers a user whose address is verified, as if the mailed link had been followed: what a
 * suite needs where buying (or inviting) is tested, since those need a verified address.
 */
export async function registerVerifiedUser(app: App, overrides: Parameters<typeof registerUser>[1] = {}) {
  const user = await registerUser(app, overrides);
  await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await app.auth.forgetCachedSessions(user.id);
  return user;
}
