import { containerResponseSchema } from '@nuvem/contracts/containers';
import { describe, expect, it } from 'vitest';
import { registerUser, settleJobs, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';

describe(`container API security on ${testDriver}`, () => {
  const t = useTestApp();

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/containers'],
      ['POST', '/api/v1/containers'],
      ['GET', '/api/v1/containers/ctr_x/metrics'],
      ['GET', '/api/v1/containers/summary'],
      ['GET', '/api/v1/containers/defaults'],
      ['PUT', '/api/v1/containers/defaults'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: testOrigin },
        payload: method === 'POST' ? { name: 'x' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("never shows or touches another user's container", async () => {
    const ana = await registerUser(t.app);
    const bia = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/containers',
      headers: { authorization: `Bearer ${ana.accessToken}` },
      payload: { name: 'private' },
    });
    const { container } = containerResponseSchema.parse(created.json());
    const asBia = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1/containers/${container.id}${url}`,
        headers: { authorization: `Bearer ${bia.accessToken}` },
        payload,
      });

    expect((await asBia('GET', '')).statusCode).toBe(404);
    expect((await asBia('PUT', '', { description: 'mine now' })).statusCode).toBe(404);
    expect((await asBia('POST', '/actions', { action: 'stop' })).statusCode).toBe(404);
    expect((await asBia('GET', '/metrics')).statusCode).toBe(404);
    expect((await asBia('GET', '/logs')).statusCode).toBe(404);
    expect((await asBia('DELETE', '')).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/containers',
      headers: { authorization: `Bearer ${bia.accessToken}` },
    });
    expect(list.json()).toMatchObject({ total: 0, containers: [] });
    // Still Ana's, and running once its create job is done.
    await settleJobs(t.app);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/containers/${container.id}`,
      headers: { authorization: `Bearer ${ana.accessToken}` },
    });
    expect(containerResponseSchema.parse(mine.json()).container.status).toBe('running');
  });
});
