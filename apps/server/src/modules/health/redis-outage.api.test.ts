import { readinessResponseSchema } from '@nuvem/contracts/health';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../config.js';
import { registerUser, testOrigin, useTestApp, type TestUser } from '../../test/helper.testing.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.testing.js';
import type { App } from '../../types.js';

// The app talks to the shared test Redis through a proxy this file cuts and restores: the
// shared Redis itself is never stopped.
describe.runIf(process.env.TEST_REDIS_URL)('losing Redis', () => {
  let proxy: TcpProxy;
  const overrides: Partial<AppConfig> = {};
  beforeAll(async () => {
    const target = new URL(process.env.TEST_REDIS_URL ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    overrides.redisUrl = target.toString();
  });
  afterAll(async () => {
    await proxy.close();
  });
  // Built after the proxy is up: useTestApp reads `overrides` in its own beforeAll.
  const ctx = useTestApp({ config: overrides });
  // Runs before the app closes (after-hooks run last-registered first): it closes on a live Redis.
  afterAll(() => proxy.restore());

  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(ctx.app);
  });

  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };
  const readyz = (app: App) => app.inject({ method: 'GET', url: '/readyz' });
  const me = (app: App) => app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: user.cookie } });
  const login = (app: App) =>
    app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: testOrigin },
      payload: { email: user.email, password: user.password },
    });

  it('is ready with Redis, and says so', async () => {
    const res = await readyz(ctx.app);
    expect(res.statusCode).toBe(200);
    expect(readinessResponseSchema.parse(res.json()).checks.redis?.status).toBe('ok');
    expect((await me(ctx.app)).statusCode).toBe(200); // the session is now cached in Redis
  });

  it('when Redis goes away: /readyz fails at once, sessions come from the database, limits answer 503', async () => {
    proxy.cut();

    const ready = await timed(() => readyz(ctx.app));
    expect(ready.result.statusCode).toBe(503);
    const body = readinessResponseSchema.parse(ready.result.json());
    expect(body.status).toBe('unavailable');
    expect(body.checks.redis?.status).toBe('error');
    expect(body.checks.database.status).toBe('ok');
    expect(ready.ms).toBeLessThan(1_500);

    const signedIn = await timed(() => me(ctx.app));
    expect(signedIn.result.statusCode).toBe(200);
    expect(signedIn.ms).toBeLessThan(1_500);

    // Sign-in attempts are counted in Redis: without it they are refused plainly, not left hanging.
    const refused = await timed(() => login(ctx.app));
    expect(refused.result.statusCode).toBe(503);
    expect(refused.result.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(refused.ms).toBeLessThan(1_500);
  });

  it('recovers by itself when Redis is back', async () => {
    proxy.restore();
    await vi.waitFor(async () => expect((await readyz(ctx.app)).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    expect((await login(ctx.app)).statusCode).toBe(200);
  });

  it('when Redis stops answering (the connection stays open): requests still finish within the command timeout', async () => {
    proxy.blackhole();
    const ready = await timed(() => readyz(ctx.app));
    expect(ready.result.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(2_500);
    const signedIn = await timed(() => me(ctx.app));
    expect(signedIn.result.statusCode).toBe(200);
    expect(signedIn.ms).toBeLessThan(2_500);

    proxy.restore();
    await vi.waitFor(async () => expect((await readyz(ctx.app)).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
  });
});
