import { profileListResponseSchema } from '@nuvem/contracts/profiles';
import { describe, expect, it } from 'vitest';
import { registerUser, testDriver, useTestApp } from '../../test/helper.js';

describe(`profiles list on ${testDriver}`, () => {
  const t = useTestApp();

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: 'Unauthorized' });
  });

  it('lists public profiles, newest first, without e-mail addresses, and searches names', async () => {
    const ana = await registerUser(t.app, { displayName: 'Ana 50% Lima' });
    const bia = await registerUser(t.app, { displayName: 'Bia Rocha' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?limit=10',
      cookies: { nuvem_session: ana.cookie },
    });
    const body = profileListResponseSchema.parse(res.json());
    expect(body.users.map((u) => u.id).slice(0, 2)).toEqual([bia.id, ana.id]);
    expect(body.total).toBe(2);
    expect(res.body).not.toContain('@example.com');

    const found = await t.app.inject({
      method: 'GET',
      url: `/api/users?q=${encodeURIComponent('50%')}`,
      cookies: { nuvem_session: bia.cookie },
    });
    expect(profileListResponseSchema.parse(found.json()).users.map((u) => u.id)).toEqual([ana.id]);
  });

  it('rejects a malformed query with 400', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?limit=1000',
      cookies: { nuvem_session: user.cookie },
    });
    expect(res.statusCode).toBe(400);
  });
});
