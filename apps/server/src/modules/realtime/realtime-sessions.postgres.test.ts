import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  createTestDatabase,
  registerUser,
  registerVerifiedUser,
  testConfig,
  testDriver,
  testOrigin,
  type TestDatabase,
} from '../../test/helper.testing.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.testing.js';
import type { App } from '../../types.js';
import { createOrg, inviteAndJoin, orgHeaders } from '../orgs/orgs.testing.js';
import { openStream, type OpenStream, type SseFrame } from './sse-client.testing.js';

// Two instances on one PostgreSQL and one Redis: a stream held on one ends when its session is
// signed out through the other. B reaches Redis through a proxy the file cuts and restores (the
// shared Redis itself is never stopped).
describe.runIf(testDriver === 'postgres' && process.env.TEST_REDIS_URL)(
  'realtime streams end with their session on every instance',
  () => {
    let database: TestDatabase;
    let a: App;
    let b: App;
    let proxy: TcpProxy;
    let urlOnB = '';
    const streams: OpenStream[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const redisUrl = new URL(process.env.TEST_REDIS_URL ?? '');
      proxy = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
      const config = testConfig(database.config, { redisUrl: redisUrl.toString() });
      redisUrl.hostname = '127.0.0.1';
      redisUrl.port = String(proxy.port);
      const proxied = testConfig(database.config, { redisUrl: redisUrl.toString() });
      [a, b] = await Promise.all([buildApp(config), buildApp(proxied)]);
      await Promise.all([a.ready(), b.ready()]);
      await b.listen({ port: 0, host: '127.0.0.1' });
      const address = b.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      urlOnB = `http://127.0.0.1:${address.port}/api/realtime/events`;
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      proxy.restore();
      await Promise.all([a.close(), b.close()]);
      await proxy.close();
      await database.drop();
    });

    const openOnB = async (headers: Record<string, string>, query = '') => {
      const stream = await openStream(`${urlOnB}${query}`, headers);
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.until((frame) => frame.retry === 5000);
      return stream;
    };
    const flowEvent = async (app: App, userId: string) => {
      const flowId = `flw_${randomBytes(4).toString('hex')}`;
      await app.eventBus.publish(userId, 'flow.updated', { flowId, status: 'active' });
      return (frame: SseFrame) =>
        frame.event === 'flow.updated' && (JSON.parse(frame.data ?? '{}') as { flowId?: string }).flowId === flowId;
    };

    it('ends the streams on B of a session signed out through A, and delivers them nothing after', async () => {
      const user = await registerUser(a);
      const byToken = await openOnB({ authorization: `Bearer ${user.accessToken}` });
      const byCookie = await openOnB({ cookie: `nuvem_session=${user.cookie}` });
      // Until then, the account's events raised on A reach B's streams.
      const before = await flowEvent(a, user.id);
      await byToken.until(before);

      const logout = await a.inject({
        method: 'POST',
        url: '/sso/logout',
        headers: { origin: testOrigin, authorization: `Bearer ${user.accessToken}` },
        payload: {},
      });
      expect(logout.statusCode).toBe(200);
      await byToken.ended(5_000);
      await byCookie.ended(5_000);

      const after = await flowEvent(a, user.id);
      expect([...byToken.frames, ...byCookie.frames].some(after)).toBe(false);
      expect((await openStream(urlOnB, { authorization: `Bearer ${user.accessToken}` })).status).toBe(401);
    });

    it('ends a stream on B whose session was signed out through A while B was cut off from Redis, once B is back', async () => {
      const user = await registerUser(a);
      const stream = await openOnB({ cookie: `nuvem_session=${user.cookie}` });
      proxy.cut();
      try {
        const logout = await a.inject({
          method: 'POST',
          url: '/sso/logout',
          headers: { origin: testOrigin },
          cookies: { nuvem_session: user.cookie },
          payload: {},
        });
        expect(logout.statusCode).toBe(200);
      } finally {
        proxy.restore();
      }
      // B missed the announcement; its subscription comes back and it checks the sessions it holds.
      await stream.ended(10_000);
      expect(stream.frames.some((frame) => frame.comments.includes('session ended'))).toBe(true);
    });

    it("ends a member's stream on B on the organisation when they are removed through A, at once", async () => {
      const owner = await registerVerifiedUser(a);
      const orgId = await createOrg(a, owner, 'Two Instances Org');
      const member = await inviteAndJoin(a, owner, orgId, 'developer');
      const onOrg = await openOnB({ cookie: `nuvem_session=${member.cookie}` }, `?org=${orgId}`);
      const own = await openOnB({ cookie: `nuvem_session=${member.cookie}` });
      // Until then, the organisation's events raised on A reach the member's stream on B.
      await onOrg.until(await flowEvent(a, orgId));

      const removed = await a.inject({
        method: 'DELETE',
        url: `/api/orgs/${orgId}/members/${member.id}`,
        headers: orgHeaders(owner),
      });
      expect(removed.statusCode, removed.body).toBe(200);
      await onOrg.ended(5_000);
      expect(onOrg.frames.some((frame) => frame.comments.includes('membership changed'))).toBe(true);
      const after = await flowEvent(a, orgId);
      expect(onOrg.frames.some(after)).toBe(false);
      // Their own workspace's stream is not the organisation's: it goes on.
      await own.until(await flowEvent(a, member.id));
      expect((await openStream(`${urlOnB}?org=${orgId}`, { cookie: `nuvem_session=${member.cookie}` })).status).toBe(
        404,
      );
    });

    it('ends a stream on B of a member removed through A while B was cut off from Redis, once B is back', async () => {
      const owner = await registerVerifiedUser(a);
      const orgId = await createOrg(a, owner, 'Cut Off Org');
      const member = await inviteAndJoin(a, owner, orgId, 'viewer');
      const onOrg = await openOnB({ cookie: `nuvem_session=${member.cookie}` }, `?org=${orgId}`);
      proxy.cut();
      try {
        const removed = await a.inject({
          method: 'DELETE',
          url: `/api/orgs/${orgId}/members/${member.id}`,
          headers: orgHeaders(owner),
        });
        expect(removed.statusCode, removed.body).toBe(200);
      } finally {
        proxy.restore();
      }
      // B missed the announcement; its subscription comes back and it checks the memberships it holds.
      await onOrg.ended(10_000);
      expect(onOrg.frames.some((frame) => frame.comments.includes('membership changed'))).toBe(true);
    });
  },
);
