import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { meta } from '../db/schema/meta.js';
import { createTestDatabase, testConfig, testDriver, type TestDatabase } from '../test/helper.testing.js';
import type { App } from '../types.js';

/** Values a failed query must not leak into the logs: they stand for hashes, e-mails, addresses. */
const secretEmail = 'victim-4711@corp.example';
const secretHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SECRETHASHVALUE';

/** A log destination that keeps every line written to it. */
function capturedLog(): { lines: string[]; logStream: Writable } {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logStream };
}

describe(`failed-query logs on ${testDriver}`, () => {
  let app: App | undefined;
  let database: TestDatabase | undefined;
  const server = () => {
    if (!app) throw new Error('the app is built in beforeAll');
    return app;
  };
  const { lines, logStream } = capturedLog();

  beforeAll(async () => {
    database = await createTestDatabase();
    const built = await buildApp(testConfig(database.config, { logLevel: 'error' }), { logStream });
    app = built;
    // A unique violation: PostgreSQL's detail names the duplicate value.
    built.post('/api/test/duplicate', { config: { auth: 'public' } }, async () => {
      await built.db.insert(meta).values({ key: secretEmail, value: { hash: secretHash } });
      await built.db.insert(meta).values({ key: secretEmail, value: { hash: secretHash } });
      return { success: true };
    });
    // A bad cast: PostgreSQL's message quotes the value.
    built.get('/api/test/bad-cast', { config: { auth: 'public' } }, async () => {
      await built.db.execute(sql`select ${secretHash}::integer as n`);
      return { success: true };
    });
    await built.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('keeps the SQL but not the bound parameters or the values in the detail', async () => {
    const res = await server().inject({
      method: 'POST',
      url: '/api/test/duplicate',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(500);
    const logged = lines.join('');
    expect(logged).toContain('Failed query: insert into \\"meta\\"');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(secretEmail);
    expect(logged).not.toContain('SECRETHASHVALUE');
    expect(res.body).not.toContain(secretEmail);
  });

  it('hides a value the database quotes in its own message', async () => {
    lines.length = 0;
    const res = await server().inject({ method: 'GET', url: '/api/test/bad-cast' });
    expect(res.statusCode).toBe(500);
    const logged = lines.join('');
    expect(logged).toContain('select $1::integer as n');
    expect(logged).toContain('invalid input syntax for type integer');
    expect(logged).not.toContain('SECRETHASHVALUE');
  });
});

describe(`request lines on ${testDriver}`, () => {
  let app: App | undefined;
  let database: TestDatabase | undefined;
  const { lines, logStream } = capturedLog();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(database.config, { logLevel: 'info' }), { logStream });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('logs a link opened with its token (reset, e-mail check, invitation) without the token', async () => {
    const secret = 'SECRETRESETTOKEN4711';
    for (const url of [
      `/reset-password?token=${secret}`,
      `/verify-email?lang=en&token=${secret}`,
      `/invitations/accept?TOKEN=${secret}`,
    ]) {
      await app?.inject({ method: 'GET', url });
    }
    const logged = lines.join('');
    expect(logged).toContain('"url":"/reset-password?token=[redacted]"');
    expect(logged).toContain('"url":"/verify-email?lang=en&token=[redacted]"');
    expect(logged).toContain('"url":"/invitations/accept?TOKEN=[redacted]"');
    expect(logged).not.toContain(secret);
  });
});
