import {
  applicationCreatedResponseSchema,
  applicationListResponseSchema,
  applicationResponseSchema,
  secretRotatedResponseSchema,
} from '@nuvem/contracts/applications';
import { errorResponseSchema } from '@nuvem/contracts/common';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../db/schema/applications.js';
import { sha256 } from '../../lib/tokens.js';
import { registerUser, testDriver, useTestApp } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { asUser } from './applications-client.testing.js';

const verify = (app: App, clientId: string, clientSecret: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/applications/verify-client',
    remoteAddress,
    payload: { client_id: clientId, client_secret: clientSecret },
  });

describe(`applications on ${testDriver}`, () => {
  const t = useTestApp();
  const countRows = async () =>
    (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(applications))[0]?.n ?? 0;

  it('creates an application, shows its secret once and stores only its hash', async () => {
    const ana = asUser(t.app, await registerUser(t.app));
    const res = await ana.post('/applications', {
      name: '  CRM  ',
      redirectUris: ['https://crm.example.com/callback', 'http://localhost:5173/cb'],
      allowedOrigins: ['https://crm.example.com'],
    });
    expect(res.statusCode).toBe(201);
    const { application, clientSecret } = applicationCreatedResponseSchema.parse(res.json());
    expect(application).toMatchObject({
      app_name: 'CRM',
      redirect_uris: ['https://crm.example.com/callback', 'http://localhost:5173/cb'],
      allowed_origins: ['https://crm.example.com'],
      status: 'active',
    });
    expect(application.id).toMatch(/^app_/);
    expect(application.client_id).toMatch(/^nuvc_[0-9A-Za-z]{24}$/);
    expect(clientSecret).toMatch(/^nuvs_[0-9A-Za-z]{40}$/);

    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row?.clientSecretHash).toBe(sha256(clientSecret));
    expect(JSON.stringify(row)).not.toContain(clientSecret);

    // Never again: neither the list nor the detail carries it.
    const list = await ana.get('/applications');
    const one = await ana.get(`/applications/${application.id}`);
    expect(list.body).not.toContain(clientSecret);
    expect(one.body).not.toContain(clientSecret);
    expect(applicationListResponseSchema.parse(list.json()).applications.map((a) => a.id)).toEqual([application.id]);
    expect(applicationResponseSchema.parse(one.json()).application).toEqual(application);
  });

  it('lists only the caller’s applications, newest first', async () => {
    const bia = asUser(t.app, await registerUser(t.app));
    const first = applicationCreatedResponseSchema.parse((await bia.post('/applications', { name: 'one' })).json());
    const second = applicationCreatedResponseSchema.parse((await bia.post('/applications', { name: 'two' })).json());
    const list = applicationListResponseSchema.parse((await bia.get('/applications')).json());
    expect(list.applications.map((a) => a.id)).toEqual([second.application.id, first.application.id]);
    expect(list.applications.map((a) => a.status)).toEqual(['active', 'active']);
  });

  it('updates the name, redirect URIs and origins, each on its own', async () => {
    const user = asUser(t.app, await registerUser(t.app));
    const { application } = applicationCreatedResponseSchema.parse(
      (await user.post('/applications', { name: 'old', redirectUris: ['https://a.example/cb'] })).json(),
    );
    const renamed = await user.put(`/applications/${application.id}`, { name: ' new ' });
    expect(applicationResponseSchema.parse(renamed.json()).application).toMatchObject({
      app_name: 'new',
      redirect_uris: ['https://a.example/cb'],
      client_id: application.client_id,
    });
    const origins = await user.put(`/applications/${application.id}`, {
      allowedOrigins: ['https://a.example', 'http://127.0.0.1:8080'],
      redirectUris: [],
    });
    expect(applicationResponseSchema.parse(origins.json()).application).toMatchObject({
      app_name: 'new',
      redirect_uris: [],
      allowed_origins: ['https://a.example', 'http://127.0.0.1:8080'],
    });
  });

  it('deletes an application', async () => {
    const user = asUser(t.app, await registerUser(t.app));
    const { application } = applicationCreatedResponseSchema.parse(
      (await user.post('/applications', { name: 'gone' })).json(),
    );
    const res = await user.del(`/applications/${application.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect((await user.get(`/applications/${application.id}`)).statusCode).toBe(404);
    expect((await user.del(`/applications/${application.id}`)).json()).toMatchObject({
      error: 'Application not found',
    });
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'a', redirectUris: ['/callback'] }, 'redirectUris.0'],
    [{ name: 'a', redirectUris: ['http://crm.example.com/cb'] }, 'redirectUris.0'],
    [{ name: 'a', redirectUris: ['https://ok.example/cb', 'ftp://x.example/cb'] }, 'redirectUris.1'],
    [{ name: 'a', redirectUris: ['https://crm.example.com/cb#x'] }, 'redirectUris.0'],
    [{ name: 'a', redirectUris: 'https://crm.example.com/cb' }, 'redirectUris'],
    [{ name: 'a', redirectUris: Array.from({ length: 21 }, (_, i) => `https://a.example/${i}`) }, 'redirectUris'],
    [{ name: 'a', allowedOrigins: ['https://crm.example.com/app'] }, 'allowedOrigins.0'],
    [{ name: 'a', allowedOrigins: ['http://crm.example.com'] }, 'allowedOrigins.0'],
    [{ name: 'a', allowedOrigins: ['*'] }, 'allowedOrigins.0'],
    [{ name: 'a', allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://a${i}.example`) }, 'allowedOrigins'],
  ])('refuses %j naming the field, and writes nothing', async (payload, field) => {
    const user = asUser(t.app, await registerUser(t.app));
    const before = await countRows();
    const res = await user.post('/applications', payload);
    expect(res.statusCode).toBe(400);
    const body = errorResponseSchema.parse(res.json());
    expect(body.details?.map((d) => d.path)).toContain(`body.${field}`);
    expect(body.error).not.toContain('body.');
    expect(await countRows()).toBe(before);
  });

  it('refuses an invalid update naming the field, and changes nothing', async () => {
    const user = asUser(t.app, await registerUser(t.app));
    const { application } = applicationCreatedResponseSchema.parse(
      (await user.post('/applications', { name: 'keep' })).json(),
    );
    for (const [payload, field] of [
      [{ name: '' }, 'body.name'],
      [{ allowedOrigins: ['https://a.example/path'] }, 'body.allowedOrigins.0'],
      [{ client_id: 'nuvc_mine' }, 'body'],
    ] as const) {
      const res = await user.put(`/applications/${application.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorResponseSchema.parse(res.json()).details?.map((d) => d.path)).toContain(field);
    }
    expect(applicationResponseSchema.parse((await user.get(`/applications/${application.id}`)).json())).toMatchObject({
      application: { app_name: 'keep', allowed_origins: [], client_id: application.client_id },
    });
  });

  it('verifies client credentials for server-to-server calls', async () => {
    const user = asUser(t.app, await registerUser(t.app));
    const created = applicationCreatedResponseSchema.parse((await user.post('/applications', { name: 'svc' })).json());
    const ok = await verify(t.app, created.application.client_id, created.clientSecret);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, valid: true });
    for (const [clientId, secret] of [
      [created.application.client_id, `${created.clientSecret}x`],
      [created.application.client_id, 'nuvs_wrong'],
      ['nuvc_unknown', created.clientSecret],
    ] as const) {
      const res = await verify(t.app, clientId, secret);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'Invalid client credentials', code: 'INVALID_CLIENT' });
    }
  });

  it('refuses an address after 10 failures a minute for a client id, even with the right secret', async () => {
    const user = asUser(t.app, await registerUser(t.app));
    const created = applicationCreatedResponseSchema.parse((await user.post('/applications', { name: 'rl' })).json());
    for (let i = 0; i < 10; i++) {
      expect((await verify(t.app, created.application.client_id, 'nuvs_guess')).statusCode).toBe(401);
    }
    const blocked = await verify(t.app, created.application.client_id, created.clientSecret);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('locks a failing address out of one client id, not the client id: the right secret still works elsewhere', async () => {
    const user = asUser(t.app, await registerUser(t.app));
    const created = applicationCreatedResponseSchema.parse((await user.post('/applications', { name: 'dos' })).json());
    const clientId = created.application.client_id;
    // An attacker fails 11 times from each of 10 addresses.
    for (let a = 1; a <= 10; a++) {
      for (let i = 0; i < 11; i++) {
        const res = await verify(t.app, clientId, 'nuvs_guess', `198.51.100.${a}`);
        expect(res.statusCode).toBe(i < 10 ? 401 : 429);
      }
    }
    // The real server, from an address that has not failed, still verifies.
    const ok = await verify(t.app, clientId, created.clientSecret, '203.0.113.7');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, valid: true });
    // The failing pair stays refused, even with the right secret.
    const locked = await verify(t.app, clientId, created.clientSecret, '198.51.100.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Successes do not use up the failure budget.
    for (let i = 0; i < 12; i++) {
      expect((await verify(t.app, clientId, created.clientSecret, '203.0.113.8')).statusCode).toBe(200);
    }
  });

  it('limits attempts per address across client ids', async () => {
    const address = '198.51.100.200';
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (await verify(t.app, `nuvc_unknown${i}`, 'nuvs_guess', address)).statusCode;
      if (i < 60) expect(last).toBe(401);
    }
    expect(last).toBe(429);
  });

  it('rotates the client secret: the new one works at once, the old one during the grace period only', async () => {
    const user = asUser(t.app, await registerUser(t.app));
    const created = applicationCreatedResponseSchema.parse((await user.post('/applications', { name: 'rot' })).json());
    const id = created.application.id;
    const res = await user.post(`/applications/${id}/secret/rotate`);
    expect(res.statusCode).toBe(200);
    const rotated = secretRotatedResponseSchema.parse(res.json());
    expect(rotated.clientSecret).not.toBe(created.clientSecret);
    const validUntil = new Date(rotated.previousSecretValidUntil).getTime();
    // The default grace period: a day.
    expect(validUntil - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    expect(validUntil - Date.now()).toBeLessThanOrEqual(86_400_000);

    const clientId = created.application.client_id;
    expect((await verify(t.app, clientId, rotated.clientSecret)).statusCode).toBe(200);
    expect((await verify(t.app, clientId, created.clientSecret)).statusCode).toBe(200);

    // The grace period is over.
    await t.app.db
      .update(applications)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(applications.id, id));
    expect((await verify(t.app, clientId, created.clientSecret)).statusCode).toBe(401);
    expect((await verify(t.app, clientId, rotated.clientSecret)).statusCode).toBe(200);

    // A second rotation: only the secret just replaced stays in grace.
    const again = secretRotatedResponseSchema.parse((await user.post(`/applications/${id}/secret/rotate`)).json());
    expect((await verify(t.app, clientId, again.clientSecret)).statusCode).toBe(200);
    expect((await verify(t.app, clientId, rotated.clientSecret)).statusCode).toBe(200);
    expect((await verify(t.app, clientId, created.clientSecret)).statusCode).toBe(401);
  });
});

describe(`client-secret rotation without a grace period, ${testDriver}`, () => {
  const t = useTestApp({ config: { appSecretGraceSeconds: 0 } });

  it('retires the old secret at once', async () => {
    const user = asUser(t.app, await registerUser(t.app));
    const created = applicationCreatedResponseSchema.parse((await user.post('/applications', { name: 'now' })).json());
    const rotated = secretRotatedResponseSchema.parse(
      (await user.post(`/applications/${created.application.id}/secret/rotate`)).json(),
    );
    expect((await verify(t.app, created.application.client_id, created.clientSecret)).statusCode).toBe(401);
    expect((await verify(t.app, created.application.client_id, rotated.clientSecret)).statusCode).toBe(200);
  });
});
