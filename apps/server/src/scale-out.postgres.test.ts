import { meResponseSchema, ssoCheckResponseSchema } from '@nuvem/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import {
  createTestDatabase,
  registerUser,
  registerVerifiedUser,
  testConfig,
  testDriver,
  testOrigin,
  type TestDatabase,
} from './test/helper.testing.js';
import { openStream } from './modules/realtime/sse-client.testing.js';
import { createOrg, inviteAndJoin, orgHeaders } from './test/orgs.testing.js';
import type { App } from './types.js';

// Two instances on one PostgreSQL and one Redis, as behind a load balancer, behave as one.
describe.runIf(testDriver === 'postgres' && process.env.TEST_REDIS_URL)(
  'two instances on one PostgreSQL and Redis',
  () => {
    let database: TestDatabase;
    let a: App;
    let b: App;

    beforeAll(async () => {
      // An empty database: the two instances migrate it, and create pg-boss's schema, at once.
      database = await createTestDatabase({ empty: true });
      const config = testConfig(database.config, { redisUrl: process.env.TEST_REDIS_URL ?? null });
      // Started together: the migrations run once, under the advisory lock.
      [a, b] = await Promise.all([buildApp(config), buildApp(config)]);
      await Promise.all([a.ready(), b.ready()]);
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
      await database.drop();
    });

    it('shares sessions, and ending one on either instance ends it on both at once', async () => {
      const user = await registerUser(a);
      const onB = await b.inject({ method: 'GET', url: '/sso/check', cookies: { nuvem_session: user.cookie } });
      expect(ssoCheckResponseSchema.parse(onB.json())).toMatchObject({ authenticated: true, user: { id: user.id } });
      const meOnB = await b.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(meResponseSchema.parse(meOnB.json()).user.id).toBe(user.id);

      const logout = await a.inject({
        method: 'POST',
        url: '/sso/logout',
        headers: { origin: testOrigin },
        cookies: { nuvem_session: user.cookie },
        payload: {},
      });
      expect(logout.statusCode).toBe(200);

      // B had both look-ups cached; they went with the session.
      const afterOnB = await b.inject({ method: 'GET', url: '/sso/check', cookies: { nuvem_session: user.cookie } });
      expect(ssoCheckResponseSchema.parse(afterOnB.json()).authenticated).toBe(false);
      const bearerOnB = await b.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(bearerOnB.statusCode).toBe(401);
    });

    it('delivers an event raised on one instance to a stream held on the other, and resumes there', async () => {
      const user = await registerUser(a);
      await b.listen({ port: 0, host: '127.0.0.1' });
      const address = b.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const url = `http://127.0.0.1:${address.port}/api/realtime/events`;
      const stream = await openStream(url, { cookie: `nuvem_session=${user.cookie}` });
      try {
        expect(stream.status).toBe(200);
        await stream.until((frame) => frame.retry === 5000);
        // A container created through A: its events (and the job's, wherever it ran) reach B.
        const created = await a.inject({
          method: 'POST',
          url: '/api/v1/containers',
          headers: { origin: testOrigin, cookie: `nuvem_session=${user.cookie}` },
          payload: { name: 'across' },
        });
        expect(created.statusCode).toBe(202);
        const id = created.json<{ container: { id: string } }>().container.id;
        const first = await stream.until(
          (frame) =>
            frame.event === 'container.updated' && (JSON.parse(frame.data ?? '{}') as { id?: string }).id === id,
        );
        await a.eventBus.publish(user.id, 'container.updated', { id, status: 'running', probe: 1 });
        await stream.until((frame) => (JSON.parse(frame.data ?? '{}') as { probe?: number }).probe === 1);

        // A reconnect to B with the first event's id gets what came after it.
        const resumed = await openStream(`${url}?lastEventId=${encodeURIComponent(first.id ?? '')}`, {
          cookie: `nuvem_session=${user.cookie}`,
        });
        try {
          await resumed.until((frame) => (JSON.parse(frame.data ?? '{}') as { probe?: number }).probe === 1);
          expect(resumed.frames.some((frame) => frame.id === first.id)).toBe(false);
        } finally {
          resumed.close();
        }
      } finally {
        stream.close();
      }
    });

    it("keeps each instance's container list until a change made on either instance reaches it", async () => {
      const user = await registerUser(a);
      const headers = { origin: testOrigin, cookie: `nuvem_session=${user.cookie}` };
      const listOn = async (app: App) =>
        (await app.inject({ method: 'GET', url: '/api/v1/containers', headers })).json<{ total: number }>().total;
      // B reads (and keeps) the empty list; a container created through A reaches B's list by the bus.
      expect(await listOn(b)).toBe(0);
      const created = await a.inject({ method: 'POST', url: '/api/v1/containers', headers, payload: { name: 'kept' } });
      expect(created.statusCode).toBe(202);
      expect(await listOn(a)).toBe(1);
      await expect.poll(() => listOn(b), { timeout: 5_000 }).toBe(1);
    });

    it("ends a removed member's access at once on every instance: requests, API keys and streams", async () => {
      const owner = await registerVerifiedUser(a);
      const orgId = await createOrg(a, owner, 'Two instances');
      const member = await inviteAndJoin(a, owner, orgId, 'developer');
      const inOrg = orgHeaders(member, orgId);
      // The member's key, issued in the organisation through B.
      const app = await b.inject({
        method: 'POST',
        url: '/applications',
        headers: inOrg,
        payload: { name: 'team-app' },
      });
      expect(app.statusCode).toBe(201);
      const appId = app.json<{ application: { id: string } }>().application.id;
      const issued = await b.inject({
        method: 'POST',
        url: `/applications/${appId}/keys`,
        headers: inOrg,
        payload: { name: 'ci' },
      });
      expect(issued.statusCode).toBe(201);
      const key = issued.json<{ apiKey: { key: string } }>().apiKey.key;
      const withKey = { authorization: `Bearer ${key}` };
      expect((await b.inject({ method: 'GET', url: '/api/v1/containers', headers: withKey })).statusCode).toBe(200);
      expect((await b.inject({ method: 'GET', url: '/api/v1/containers', headers: inOrg })).statusCode).toBe(200);
      await b.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
      const address = b.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const stream = await openStream(`http://127.0.0.1:${address.port}/api/realtime/events?org=${orgId}`, {
        cookie: `nuvem_session=${member.cookie}`,
      });
      try {
        expect(stream.status).toBe(200);
        await stream.until((frame) => frame.retry === 5000);
        // Removed through A: B refuses the next request, the key and keeps no stream open.
        const removed = await a.inject({
          method: 'DELETE',
          url: `/api/orgs/${orgId}/members/${member.id}`,
          headers: orgHeaders(owner),
        });
        expect(removed.statusCode).toBe(200);
        expect((await b.inject({ method: 'GET', url: '/api/v1/containers', headers: inOrg })).statusCode).toBe(404);
        const keyAfter = await b.inject({ method: 'GET', url: '/api/v1/containers', headers: withKey });
        expect(keyAfter.statusCode).toBe(401);
        await stream.ended(5_000);
      } finally {
        stream.close();
      }
    });

    it('refuses a second registration of one e-mail made on the other instance', async () => {
      const user = await registerUser(a);
      const res = await b.inject({
        method: 'POST',
        url: '/auth/register',
        headers: { origin: testOrigin },
        payload: { email: user.email.toUpperCase(), password: 'another passphrase', displayName: 'Twin' },
      });
      expect(res.statusCode).toBe(409);
    });
  },
);
