import { authMessages } from '@nuvem/contracts/auth';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import {
  createTestDatabase,
  registerUser,
  settleJobs,
  testConfig,
  testDriver,
  testOrigin,
  useTestApp,
  type TestUser,
} from '../../test/helper.js';
import type { App } from '../../types.js';
import { openStream, type OpenStream, type SseFrame } from './sse-client.testing.js';

const createContainer = (app: App, user: TestUser, name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/containers',
    headers: { cookie: `nuvem_session=${user.cookie}`, origin: testOrigin, 'content-type': 'application/json' },
    payload: { name },
  });

const data = (frame: SseFrame) => JSON.parse(frame.data ?? '{}') as Record<string, unknown>;

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
