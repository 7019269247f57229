import { errorResponseSchema } from '@nuvem/contracts/common';
import { healthResponseSchema, readinessResponseSchema } from '@nuvem/contracts/health';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { meta } from './db/schema/meta.js';
import { AppError } from './lib/errors.js';
import { createEvent } from './modules/account/account.testing.js';
import { registerUser, testDriver, useTestApp } from './test/helper.testing.js';
import type { App } from './types.js';

function registerProbeRoutes(app: App) {
  app.post(
    '/api/test/echo',
    {
      config: { auth: 'public' },
      schema: { body: z.object({ name: z.string().min(1), count: z.number().int().positive() }) },
    },
    async (request) => ({ success: true, name: request.body.name }),
  );
  app.get('/api/test/crash', { config: { auth: 'public' } }, async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/api/test/conflict', { config: { auth: 'public' } }, async () => {
    throw new AppError(409, 'That name is taken', 'NAME_TAKEN');
  });
}

describe(`server on ${testDriver}`, () => {
  const t = useTestApp({ setup: registerProbeRoutes });

  it('answers /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(healthResponseSchema.parse(res.json()).status).toBe('ok');
  });

  it('answers /readyz after pinging the configured database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    const body = readinessResponseSchema.parse(res.json());
    expect(body).toMatchObject({ status: 'ready', checks: { database: { status: 'ok', driver: testDriver } } });
  });

  it('has applied the committed migrations', async () => {
    await t.app.db.insert(meta).values({ key: 'probe', value: { ok: true } });
    const rows = await t.app.db
      .select()
      .from(meta)
      .where(sql`${meta.key} = 'probe'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toEqual({ ok: true });
    expect(rows[0]?.updatedAt).toBeInstanceOf(Date);
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.insert(meta).values({ key: 'half-written', value: 1 });
        await tx.insert(meta).values({ key: 'half-written', value: 2 }); // duplicate key: fails
      }),
    ).rejects.toThrow();
    const rows = await t.app.db
      .select()
      .from(meta)
      .where(sql`${meta.key} = 'half-written'`);
    expect(rows).toHaveLength(0);
  });

  it('gives every response a request id, keeping a sane incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^req_[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1234' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\u0000<script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^req_/);
  });

  it("sends the APIs' JSON answers a policy under which nothing runs, and pages the full one", async () => {
    for (const url of ['/healthz', '/api/ecosystem/apps', '/auth/config', '/api/users', '/api/v1/containers']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    // By the route that matched: an escaped path reaches the same route and gets the same headers.
    const escaped = await t.app.inject({ method: 'GET', url: '/%61pi/v1/containers/tiers' });
    expect(escaped.statusCode).toBe(200);
    expect(escaped.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(escaped.headers['cache-control']).toBe('no-store');
    const probeMiss = await t.app.inject({ method: 'GET', url: '/healthz/x' });
    expect(probeMiss.statusCode).toBe(404);
    expect(probeMiss.headers['content-type']).toMatch(/^application\/json/);
    for (const url of ['/', '/containers', '/apiary']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http here
  });

  describe('the web app', () => {
    it("serves index.html for the app's pages with 200 and for any other page path with 404, never cached", async () => {
      for (const [url, status] of [
        ['/', 200],
        ['/developer', 200],
        ['/Events/', 200],
        ['/containers/ctr_1/logs', 200],
        // An event page whose id names no event.
        ['/events/evt_none', 404],
        [`/events/${'x'.repeat(101)}`, 404],
        ['/no/such/page?x=1', 404],
        ['/containers/ctr_1', 404],
        ['/events/evt_1/extra', 404],
        ['/apiary', 404],
      ] as const) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await t.app.inject({ method, url });
          expect(res.statusCode, `${method} ${url}`).toBe(status);
          expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^text\/html/);
          expect(res.headers['cache-control']).toBe('no-cache');
          // The same HTML either way, so the shell renders and shows the page or its not-found page.
          if (method === 'GET') expect(res.body).toContain('<div id="root"></div>');
        }
      }
    });

    it("serves an existing event's page with 200", async () => {
      const organiser = await registerUser(t.app);
      const event = await createEvent(t.app, organiser);
      for (const url of [`/events/${event.id}`, `/events/${event.id}/?tab=tickets`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
      }
    });

    it('serves hashed assets with a long cache life', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-test.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('answers a missing file with 404, not the app', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    });
  });

  describe('errors', () => {
    it('answers unknown API paths with a JSON 404, whatever the method', async () => {
      for (const [method, url] of [
        ['GET', '/api/nope'],
        ['GET', '/api/v1/containers/unknown/thing'],
        ['POST', '/api/nope'],
        ['DELETE', '/somewhere'],
        ['GET', '/sso/unknown'],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(errorResponseSchema.parse(res.json())).toEqual({
          success: false,
          error: 'Not found',
          code: 'NOT_FOUND',
        });
      }
    });

    it("answers an unknown API path in the reader's language when it names one", async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'pt-PT' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Não encontrado', code: 'NOT_FOUND' });
      expect(res.headers.vary).toContain('Accept-Language');
    });

    it('rejects a body that breaks the schema with 400 naming each field', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '', count: -1 } });
      expect(res.statusCode).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details?.map((d) => d.path).sort()).toEqual(['body.count', 'body.name']);
      // Plain sentences naming each field in words; the machine-readable paths stay in details.
      expect(body.error).toBe('Name is required. Count must be at least 0.');
      expect(body.details?.find((d) => d.path === 'body.name')).toMatchObject({
        code: 'too_small',
        origin: 'string',
        minimum: 1,
      });
    });

    it('rejects malformed JSON with 400 in the same shape', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "a",',
      });
      expect(res.statusCode).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.error.length).toBeGreaterThan(0);
    });

    it('refuses prototype poisoning, and reads an empty JSON body as no body', async () => {
      const poisoned = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "a", "__proto__": {"admin": true}}',
      });
      expect(poisoned.statusCode).toBe(400);
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      // No body: the schema (not the parser) answers, naming what is missing.
      expect(empty.statusCode).toBe(400);
      expect(errorResponseSchema.parse(empty.json()).error).not.toMatch(/Body cannot be empty/);
    });

    it('accepts a valid body', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'ok', count: 2 } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, name: 'ok' });
    });

    it('maps AppError to its status, message and code', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, error: 'That name is taken', code: 'NAME_TAKEN' });
    });

    it('hides the internals of a 500', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, error: 'Internal server error', code: 'INTERNAL' });
      expect(res.body).not.toContain('secret');
    });
  });

  it('publishes the OpenAPI document built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).parse(res.json());
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    // Each operation names the credentials its route declares, so /docs can send them.
    const paths = res.json<{ paths: Record<string, Record<string, { security?: object[] }>> }>().paths;
    expect(paths['/api/v1/containers']?.get?.security).toEqual([{ bearer: [] }, { session: [] }]);
    expect(paths['/applications']?.get?.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(paths['/healthz']?.get?.security).toBeUndefined();
  });

  it('serves the API documentation page with a policy that lets it load over plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/);
  });
});

describe(`readiness on ${testDriver} when the database is gone`, () => {
  const t = useTestApp();

  it('answers /readyz with 503 while /healthz still answers', async () => {
    await t.app.database.close();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(readinessResponseSchema.parse(ready.json()).checks.database.status).toBe('error');
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
  });
});

describe(`compressed assets on ${testDriver}`, () => {
  const t = useTestApp();

  it('sends the precompressed file the browser accepts, and the plain one otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-test.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-test.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-test.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('fixture');
  });
});
