import { authMessages } from '@nuvem/contracts/auth';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import {
  createTestDatabase,
  registerUser,
  registerVerifiedUser,
  settleJobs,
  testConfig,
  testDriver,
  testOrigin,
  useTestApp,
  type TestUser,
} from '../../test/helper.testing.js';
import { sessions } from '../../db/schema/sessions.js';
import type { App } from '../../types.js';
import { SESSIONS_ENDED_CHANNEL } from '../auth/sessions-ended.js';
import { createOrg, inviteAndJoin, orgHeaders } from '../orgs/orgs.testing.js';
import { openStream, type OpenStream, type SseFrame } from './sse-client.testing.js';

const createContainer = (app: App, user: TestUser, name: string, orgId?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/containers',
    headers: { ...orgHeaders(user, orgId), 'content-type': 'application/json' },
    payload: { name },
  });

const data = (frame: SseFrame) => JSON.parse(frame.data ?? '{}') as Record<string, unknown>;

/** Signs the user in again: a second session (its cookie and bearer token). */
const signIn = async (app: App, user: TestUser, cookies: Record<string, string> = {}) => {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin: testOrigin },
    cookies,
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'nuvem_session')?.value ?? '';
  return { ...user, cookie, accessToken: res.json<{ access_token: string }>().access_token } satisfies TestUser;
};

const signOut = (app: App, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/sso/logout', headers: { origin: testOrigin, ...headers }, payload: {} });

/** Publishes a flow.updated event for the user; the frame test finds it again by its flow id. */
const flowEvent = async (app: App, user: TestUser) => {
  const flowId = `flw_${randomBytes(4).toString('hex')}`;
  await app.eventBus.publish(user.id, 'flow.updated', { flowId, status: 'active' });
  return (f: SseFrame) => f.event === 'flow.updated' && data(f).flowId === flowId;
};

describe(`realtime event stream, ${testDriver}`, () => {
  const t = useTestApp({ config: { realtime: { maxStreamsPerUser: 2, heartbeatMs: 300 } } });
  let base = '';
  const streams: OpenStream[] = [];
  const open = async (headers: Record<string, string>) => {
    const stream = await openStream(`${base}/api/realtime/events`, headers);
    streams.push(stream);
    return stream;
  };
  const cookie = (user: TestUser) => ({ cookie: `nuvem_session=${user.cookie}` });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  it('answers 401 with the sign-in message when signed out', async () => {
    const stream = await open({});
    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.text)).toMatchObject({ success: false, error: authMessages.unauthorized });
    expect((await open({ authorization: 'Bearer nat_not-a-token' })).status).toBe(401);
  });

  it("streams a container's way from starting to running to its owner only, with ids and retry 5000", async () => {
    const ana = await registerUser(t.app);
    const bia = await registerUser(t.app);
    const mine = await open(cookie(ana));
    // A bearer token works as well as the cookie.
    const theirs = await open({ authorization: `Bearer ${bia.accessToken}` });
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    await mine.until((f) => f.retry === 5000);

    const res = await createContainer(t.app, ana, 'live-1');
    expect(res.statusCode).toBe(202);
    const id = res.json<{ container: { id: string } }>().container.id;
    const starting = await mine.until((f) => f.event === 'container.updated' && data(f).status === 'starting');
    const running = await mine.until((f) => f.event === 'container.updated' && data(f).status === 'running');
    expect(data(running)).toMatchObject({ id, status: 'running', action_in_flight: null });
    expect(starting.id).toBeTruthy();
    expect(running.id).not.toBe(starting.id);
    await settleJobs(t.app);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.frames.filter((f) => f.event)).toEqual([]);
  });

  it('sends heartbeats, and resumes after a reconnect with Last-Event-ID', async () => {
    const caio = await registerUser(t.app);
    const first = await open(cookie(caio));
    await first.until((f) => f.comments.some((c) => c.startsWith('heartbeat')), 5_000);
    await createContainer(t.app, caio, 'resume-1');
    const seen = await first.until((f) => f.event === 'container.updated' && data(f).status === 'running');
    first.close();

    // Missed while away: the next container's whole way.
    await createContainer(t.app, caio, 'resume-2');
    await settleJobs(t.app);
    const again = await open({ ...cookie(caio), 'last-event-id': seen.id ?? '' });
    const missed = await again.until((f) => f.event === 'container.updated' && data(f).status === 'running');
    const replayed = again.frames.filter((f) => f.event);
    expect(replayed.map((f) => f.id)).not.toContain(seen.id);
    expect(replayed.every((f) => f.event === 'container.updated')).toBe(true);
    expect(data(missed)).toMatchObject({ status: 'running' });
    again.close();
  });

  describe('ends a stream with its session', () => {
    const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.accessToken}` });

    it("ends the bearer token's streams when it signs out, and only that session's", async () => {
      const eva = await registerUser(t.app);
      const stream = await open(bearer(eva));
      await stream.until((f) => f.retry === 5000);
      // The same account in another browser: a session of its own, which stays signed in.
      const elsewhere = await signIn(t.app, eva);
      const other = await open(bearer(elsewhere));
      await other.until((f) => f.retry === 5000);

      expect((await signOut(t.app, bearer(eva))).statusCode).toBe(200);
      await stream.ended(5_000);
      expect(stream.frames.some((f) => f.comments.includes('session ended'))).toBe(true);

      // The account's next event reaches the session still signed in, and not the ended stream.
      const isIt = await flowEvent(t.app, eva);
      await other.until(isIt);
      expect(stream.frames.some(isIt)).toBe(false);
      // Its reconnect is refused: the client goes to sign in.
      expect((await open(bearer(eva))).status).toBe(401);
    });

    it("ends the cookie session's streams, by cookie and by its bearer token, when it signs out", async () => {
      const fred = await registerUser(t.app);
      const byCookie = await open(cookie(fred));
      const byToken = await open(bearer(fred));
      await byCookie.until((f) => f.retry === 5000);
      await byToken.until((f) => f.retry === 5000);

      expect((await signOut(t.app, cookie(fred))).statusCode).toBe(200);
      await byCookie.ended(5_000);
      await byToken.ended(5_000);
      const isIt = await flowEvent(t.app, fred);
      expect([...byCookie.frames, ...byToken.frames].some(isIt)).toBe(false);
    });

    it("ends every other session's streams when a sign-in ends them (a social identity linked), not another user's", async () => {
      const gil = await registerUser(t.app);
      const stranger = await registerUser(t.app);
      const first = await open(bearer(gil));
      const second = await open(cookie(await signIn(t.app, gil)));
      const theirs = await open(bearer(stranger));
      await Promise.all([first, second, theirs].map((s) => s.until((f) => f.retry === 5000)));

      // A verified social identity for the address waits in this browser: the password sign-in
      // links it and ends the account's other sessions (someone else may have registered it).
      const link = await t.app.auth.offerPendingLink({
        provider: 'github',
        providerUserId: `gh-${randomBytes(4).toString('hex')}`,
        email: gil.email,
        emailVerified: true,
        displayName: null,
        avatarUrl: null,
      });
      expect(link).toBeTruthy();
      const current = await signIn(t.app, gil, { nuvem_link: link ?? '' });

      await first.ended(5_000);
      await second.ended(5_000);
      // The session that signed in streams on; another user's stream was not touched.
      const now = await open(bearer(current));
      const isGils = await flowEvent(t.app, gil);
      await now.until(isGils);
      expect([...first.frames, ...second.frames].some(isGils)).toBe(false);
      await theirs.until(await flowEvent(t.app, stranger));
    });

    it('ends a stream when its session expires', async () => {
      const hugo = await registerUser(t.app);
      await t.app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 1_000) })
        .where(eq(sessions.userId, hugo.id));
      const stream = await open(cookie(hugo));
      expect(stream.status).toBe(200);
      await stream.ended(5_000);
      expect(stream.frames.some((f) => f.comments.includes('session expired'))).toBe(true);
      expect(stream.frames.some(await flowEvent(t.app, hugo))).toBe(false);
    });

    it('refuses a stream whose session was announced ended after its look-up was cached', async () => {
      const ines = await registerUser(t.app);
      // The look-up is cached now (for up to 10 s); then the end of the session is heard.
      expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(ines) })).statusCode).toBe(200);
      const [row] = await t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, ines.id));
      if (!row) throw new Error('no session row');
      await t.app.eventBus.broadcast(SESSIONS_ENDED_CHANNEL, { userId: ines.id, sessionIds: [row.id] });
      const stream = await open(bearer(ines));
      expect(stream.status).toBe(401);
      expect(JSON.parse(stream.text)).toMatchObject({ success: false, error: authMessages.unauthorized });
    });
  });

  describe("streams an organisation's events to its members (?org=)", () => {
    // Each test has an organisation of its own (a Free one has three seats).
    let owner: TestUser;
    const inOrg = (user: TestUser, orgId: string) =>
      openStream(`${base}/api/realtime/events?org=${orgId}`, cookie(user)).then((stream) => {
        streams.push(stream);
        return stream;
      });

    beforeAll(async () => {
      owner = await registerVerifiedUser(t.app);
    });

    it("delivers a member's container to the other members' streams on the organisation, not to personal ones", async () => {
      const orgId = await createOrg(t.app, owner);
      const developer = await inviteAndJoin(t.app, owner, orgId, 'developer');
      const viewer = await inviteAndJoin(t.app, owner, orgId, 'viewer');
      const ownersOrg = await inOrg(owner, orgId);
      const viewersOrg = await inOrg(viewer, orgId);
      const ownersOwn = await open(cookie(owner));
      expect([ownersOrg.status, viewersOrg.status, ownersOwn.status]).toEqual([200, 200, 200]);
      await Promise.all([ownersOrg, viewersOrg, ownersOwn].map((s) => s.until((f) => f.retry === 5000)));

      const res = await createContainer(t.app, developer, 'org-live-1', orgId);
      expect(res.statusCode, res.body).toBe(202);
      const id = res.json<{ container: { id: string } }>().container.id;
      const isIt = (f: SseFrame) =>
        f.event === 'container.updated' && data(f).id === id && data(f).status === 'running';
      await ownersOrg.until(isIt);
      await viewersOrg.until(isIt);
      await settleJobs(t.app);
      // The owner's personal stream carries only their own workspace's events.
      expect(ownersOwn.frames.some((f) => f.event === 'container.updated' && data(f).id === id)).toBe(false);
      ownersOwn.close();
    });

    it("ends a removed member's streams on the organisation at once, refuses their reconnect, and keeps their own", async () => {
      const orgId = await createOrg(t.app, owner);
      const member = await inviteAndJoin(t.app, owner, orgId, 'developer');
      const theirsOnOrg = await inOrg(member, orgId);
      const theirOwn = await open(cookie(member));
      const ownersOrg = await inOrg(owner, orgId);
      await Promise.all([theirsOnOrg, theirOwn, ownersOrg].map((s) => s.until((f) => f.retry === 5000)));

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/orgs/${orgId}/members/${member.id}`,
        headers: orgHeaders(owner),
      });
      expect(removed.statusCode, removed.body).toBeLessThan(300);
      await theirsOnOrg.ended(5_000);
      expect(theirsOnOrg.frames.some((f) => f.comments.includes('membership changed'))).toBe(true);
      // Its last event tells the open portal to leave the organisation (its reconnect would be refused).
      expect(theirsOnOrg.frames.filter((f) => f.event === 'workspace.changed').map(data)).toEqual([
        { organisationId: orgId, change: 'removed' },
      ]);

      // The organisation's next event reaches its owner, not the former member.
      const res = await createContainer(t.app, owner, 'after-removal', orgId);
      const id = res.json<{ container: { id: string } }>().container.id;
      await ownersOrg.until((f) => f.event === 'container.updated' && data(f).id === id);
      expect(theirsOnOrg.frames.some((f) => f.event === 'container.updated' && data(f).id === id)).toBe(false);
      // Their reconnect is refused as a stranger's; their own workspace's stream goes on.
      const again = await inOrg(member, orgId);
      expect(again.status).toBe(404);
      await theirOwn.until(await flowEvent(t.app, member));
      await settleJobs(t.app);
      ownersOrg.close();
      theirOwn.close();
    });

    it("ends a member's stream when their role changes; the reconnect, still allowed to read, streams again", async () => {
      const orgId = await createOrg(t.app, owner);
      const member = await inviteAndJoin(t.app, owner, orgId, 'developer');
      const before = await inOrg(member, orgId);
      await before.until((f) => f.retry === 5000);
      const changed = await t.app.inject({
        method: 'PATCH',
        url: `/api/orgs/${orgId}/members/${member.id}`,
        headers: orgHeaders(owner),
        payload: { role: 'viewer' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await before.ended(5_000);
      // Told why: the portal reads its role again before the reconnect.
      expect(before.frames.filter((f) => f.event === 'workspace.changed').map(data)).toEqual([
        { organisationId: orgId, change: 'role' },
      ]);
      // A viewer still reads the organisation's containers: the client's reconnect is let in.
      const after = await inOrg(member, orgId);
      expect(after.status).toBe(200);
      const res = await createContainer(t.app, owner, 'after-role-change', orgId);
      const id = res.json<{ container: { id: string } }>().container.id;
      await after.until((f) => f.event === 'container.updated' && data(f).id === id);
      await settleJobs(t.app);
      after.close();
    });

    it("ends every member's stream on a deleted organisation, telling each it is gone", async () => {
      const orgId = await createOrg(t.app, owner);
      const member = await inviteAndJoin(t.app, owner, orgId, 'viewer');
      const theirs = await inOrg(member, orgId);
      const owners = await inOrg(owner, orgId);
      await Promise.all([theirs, owners].map((s) => s.until((f) => f.retry === 5000)));
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/orgs/${orgId}`, headers: orgHeaders(owner) });
      expect(deleted.statusCode, deleted.body).toBe(200);
      await Promise.all([theirs.ended(5_000), owners.ended(5_000)]);
      for (const stream of [theirs, owners]) {
        expect(stream.frames.filter((f) => f.event === 'workspace.changed').map(data)).toEqual([
          { organisationId: orgId, change: 'deleted' },
        ]);
      }
    });

    it("refuses a non-member's stream on the organisation with 404", async () => {
      const orgId = await createOrg(t.app, owner);
      const stranger = await registerUser(t.app);
      const stream = await inOrg(stranger, orgId);
      expect(stream.status).toBe(404);
    });
  });

  it('limits open streams per user with a clear 429', async () => {
    const dani = await registerUser(t.app);
    const one = await open(cookie(dani));
    const two = await open(cookie(dani));
    const three = await open(cookie(dani));
    expect([one.status, two.status, three.status]).toEqual([200, 200, 429]);
    expect(JSON.parse(three.text)).toMatchObject({ success: false, code: 'TOO_MANY_STREAMS' });
    one.close();
    // The closed stream's place is free again once the server saw it go.
    await expect
      .poll(async () => {
        const next = await open(cookie(dani));
        next.close();
        return next.status;
      })
      .toBe(200);
  });
});

describe(`realtime stream logs, ${testDriver}`, () => {
  it('writes the one request line when a stream ends, with its request id and duration', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(database.config, { logLevel: 'info' }), { logStream });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const user = await registerUser(app);
      const stream = await openStream(`http://127.0.0.1:${String(address.port)}/api/realtime/events`, {
        cookie: `nuvem_session=${user.cookie}`,
        'x-request-id': 'stream-log-1',
      });
      await stream.until((f) => f.retry === 5000);
      stream.close();
      const line = () =>
        lines
          .map((text) => JSON.parse(text) as Record<string, unknown>)
          .find((entry) => entry.msg === 'request' && entry.url === '/api/realtime/events');
      await vi.waitFor(() => expect(line()).toBeDefined());
      expect(line()).toMatchObject({ reqId: 'stream-log-1', method: 'GET', statusCode: 200 });
      expect(typeof line()?.ms).toBe('number');
      expect(lines.join('\n')).not.toContain(user.cookie);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
