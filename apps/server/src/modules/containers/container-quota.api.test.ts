import { containerLimitMessages, containerResponseSchema, type ContainerTier } from '@nuvem/contracts/containers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { containers } from '../../db/schema/containers.js';
import {
  registerUser,
  registerVerifiedUser,
  settleJobs,
  testDriver,
  testOrigin,
  useTestApp,
  type TestUser,
} from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { createOrg, inviteAndJoin, orgHeaders } from '../orgs/orgs.testing.js';

/** The container API as `user`, in `orgId`'s workspace (their own without one). */
function as(app: App, user: TestUser, orgId?: string) {
  const headers = orgId ? orgHeaders(user, orgId) : { origin: testOrigin, authorization: `Bearer ${user.accessToken}` };
  return {
    /** Answers 202 at once; resolves once the provisioning job has run. */
    create: async (name: string, tier: ContainerTier = 'small') => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/containers',
        headers,
        payload: { name, tier, template_id: '' },
      });
      await settleJobs(app);
      return res;
    },
    scale: (id: string, tier: ContainerTier) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/containers/${id}/actions`,
        headers,
        payload: { action: 'scale', parameters: { tier } },
      }),
    del: (id: string) => app.inject({ method: 'DELETE', url: `/api/v1/containers/${id}`, headers }),
    get: (id: string) => app.inject({ method: 'GET', url: `/api/v1/containers/${id}`, headers }),
  };
}

const limits = (containerQuota: AppConfig['userLimits']['containers']): AppConfig['userLimits'] => ({
  applications: 20,
  apiKeys: 50,
  containers: containerQuota,
  apiRequestsPerMinute: 100_000,
});

async function countFor(app: App, userId: string): Promise<number> {
  const rows = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(containers)
    .where(eq(containers.userId, userId));
  return rows[0]?.n ?? 0;
}

const idOf = (res: { json: () => unknown }) => containerResponseSchema.parse(res.json()).container.id;

describe(`container count cap, ${testDriver}`, () => {
  const t = useTestApp({ config: { userLimits: limits({ count: 10, vcpus: 1000, memoryGb: 1000 }) } });

  it('refuses the container past the cap with 409 LIMIT_REACHED and writes nothing; another user can still create', async () => {
    const user = await registerUser(t.app);
    const api = as(t.app, user);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await api.create(`box-${i}`);
      expect(res.statusCode).toBe(202);
      ids.push(idOf(res));
    }
    const refused = await api.create('box-10', 'large');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: containerLimitMessages.containers(10),
      code: 'LIMIT_REACHED',
    });
    expect(refused.json<{ error: string }>().error).toBe(
      'You have reached the limit of 10 containers. Delete one or contact support to raise it.',
    );
    expect(await countFor(t.app, user.id)).toBe(10);

    const other = await registerUser(t.app);
    expect((await as(t.app, other).create('box-0')).statusCode).toBe(202);

    // Deleting one makes room again.
    expect((await api.del(ids[0] ?? '')).statusCode).toBe(200);
    expect((await api.create('box-11')).statusCode).toBe(202);
  });

  it('holds the cap when 30 creates arrive at once', async () => {
    const user = await registerUser(t.app);
    const api = as(t.app, user);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => api.create(`burst-${i}`, 'large')));
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 202);
    expect(refused).toHaveLength(20);
    for (const res of refused) expect(res.json()).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(await countFor(t.app, user.id)).toBe(10);
  });
});

describe(`container vCPU quota, ${testDriver}`, () => {
  const t = useTestApp({ config: { userLimits: limits({ count: 100, vcpus: 4, memoryGb: 1000 }) } });

  it('refuses a container whose vCPUs would pass the quota', async () => {
    const user = await registerUser(t.app);
    const api = as(t.app, user);
    expect((await api.create('big-1', 'large')).statusCode).toBe(202);
    expect((await api.create('big-2', 'large')).statusCode).toBe(202);
    const refused = await api.create('small-1', 'small');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: containerLimitMessages.vcpus(4, 4),
      code: 'LIMIT_REACHED',
    });
    expect(await countFor(t.app, user.id)).toBe(2);
  });

  it('refuses scaling up past the quota and keeps the tier; scaling within it works', async () => {
    const api = as(t.app, await registerUser(t.app));
    expect((await api.create('l', 'large')).statusCode).toBe(202);
    const medium = idOf(await api.create('m', 'medium'));
    const small = idOf(await api.create('s', 'small'));
    const refused = await api.scale(small, 'large');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: containerLimitMessages.vcpus(4, 4),
      code: 'LIMIT_REACHED',
    });
    expect(containerResponseSchema.parse((await api.get(small)).json()).container).toMatchObject({
      tier: 'small',
      status: 'running',
    });
    // small -> medium and medium -> small keep the vCPU total: allowed at the quota.
    expect((await api.scale(small, 'medium')).statusCode).toBe(200);
    expect((await api.scale(medium, 'small')).statusCode).toBe(200);
  });

  it("counts an organisation's containers together, whoever created them, apart from its members' own", async () => {
    const owner = await registerVerifiedUser(t.app);
    const orgId = await createOrg(t.app, owner, 'Quota Org');
    const developer = await inviteAndJoin(t.app, owner, orgId, 'developer');
    expect((await as(t.app, developer, orgId).create('org-big-1', 'large')).statusCode).toBe(202);
    expect((await as(t.app, owner, orgId).create('org-big-2', 'large')).statusCode).toBe(202);
    // 4 of the organisation's 4 vCPUs in use: refused to either member.
    for (const member of [developer, owner]) {
      const refused = await as(t.app, member, orgId).create('org-small', 'small');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: containerLimitMessages.vcpus(4, 4), code: 'LIMIT_REACHED' });
    }
    expect(await countFor(t.app, orgId)).toBe(2);
    // Their own workspaces have quotas of their own.
    expect((await as(t.app, developer).create('mine-big', 'large')).statusCode).toBe(202);
    expect(await countFor(t.app, developer.id)).toBe(1);
  });

  it('holds the vCPU quota when scale-ups arrive at once', async () => {
    const api = as(t.app, await registerUser(t.app));
    const ids = [idOf(await api.create('a')), idOf(await api.create('b')), idOf(await api.create('c'))];
    // 3 vCPUs in use, 4 allowed: each scale to large needs one more, so only one fits.
    const results = await Promise.all(ids.map((id) => api.scale(id, 'large')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
  });
});

describe(`container memory quota, ${testDriver}`, () => {
  const t = useTestApp({ config: { userLimits: limits({ count: 100, vcpus: 1000, memoryGb: 5 }) } });

  it('refuses a container whose memory would pass the quota', async () => {
    const user = await registerUser(t.app);
    const api = as(t.app, user);
    expect((await api.create('big', 'large')).statusCode).toBe(202);
    const refused = await api.create('medium', 'medium');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: containerLimitMessages.memory(5, 4),
      code: 'LIMIT_REACHED',
    });
    expect((await api.create('small', 'small')).statusCode).toBe(202);
    expect(await countFor(t.app, user.id)).toBe(2);
  });
});
