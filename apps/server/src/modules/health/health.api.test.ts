import { readinessResponseSchema } from '@nuvem/contracts/health';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDriver, useTestApp } from '../../test/helper.testing.js';

describe(`readiness on ${testDriver} when the database answers without the expected schema`, () => {
  const t = useTestApp();

  it('is ready on a migrated database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(readinessResponseSchema.parse(res.json()).checks.database.status).toBe('ok');
  });

  it('answers 503 when the latest committed migration has not been applied', async () => {
    // As if this build brought a migration the database has not had yet.
    await t.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    const body = readinessResponseSchema.parse(res.json());
    expect(body).toMatchObject({ status: 'unavailable', checks: { database: { status: 'not_migrated' } } });
  });

  it('answers 503 when the database has no schema at all', async () => {
    await t.app.db.execute(sql`drop schema drizzle cascade`);
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(readinessResponseSchema.parse(res.json()).checks.database.status).toBe('not_migrated');
    // What is down is named; how (SQL, table names) is not.
    expect(res.body).not.toMatch(/drizzle|relation|select/i);
  });
});
