import { containerListResponseSchema, containerResponseSchema } from '@nuvem/contracts/containers';
import { auditResponseSchema, orgMessages } from '@nuvem/contracts/orgs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  registerUser,
  registerVerifiedUser,
  settleJobs,
  testDriver,
  useTestApp,
  type TestUser,
} from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { createOrg, inviteAndJoin, orgHeaders } from '../orgs/orgs.testing.js';

/** The container API as `user`, in `orgId`'s workspace (their own without one). */
function as(app: App, user: TestUser, orgId?: string) {
  const headers = orgHeaders(user, orgId);
  return {
    get: (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers }),
    post: (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload }),
    put: (url: string, payload: object) => app.inject({ method: 'PUT', url: `/api/v1${url}`, headers, payload }),
    del: (url: string) => app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers }),
  };
}

describe(`containers in an organisation, ${testDriver}`, () => {
  const t = useTestApp();
  let owner: TestUser;
  let developer: TestUser;
  let viewer: TestUser;
  let orgId = '';

  beforeAll(async () => {
    owner = await registerVerifiedUser(t.app);
    orgId = await createOrg(t.app, owner, 'Containers Org');
    developer = await inviteAndJoin(t.app, owner, orgId, 'developer');
    viewer = await inviteAndJoin(t.app, owner, orgId, 'viewer');
  });

  /** The developer's new container in the organisation, running. */
  const developerCreates = async (name: string) => {
    const res = await as(t.app, developer, orgId).post('/containers', { name, tier: 'small' });
    expect(res.statusCode, res.body).toBe(202);
    await settleJobs(t.app);
    return containerResponseSchema.parse(res.json()).container;
  };

  const auditOf = async (action: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orgs/${orgId}/audit?action=${action}`,
      headers: orgHeaders(owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    return auditResponseSchema.parse(res.json()).entries;
  };

  it("a developer's container belongs to the organisation: the owner and a viewer list it, nobody's own workspace does", async () => {
    const created = await developerCreates('shared-1');
    for (const member of [owner, viewer, developer]) {
      const list = containerListResponseSchema.parse((await as(t.app, member, orgId).get('/containers')).json());
      expect(list.containers.map((c) => c.id)).toContain(created.id);
      const one = await as(t.app, member, orgId).get(`/containers/${created.id}`);
      expect(containerResponseSchema.parse(one.json()).container).toMatchObject({
        name: 'shared-1',
        status: 'running',
      });
    }
    // Not in the developer's (nor the owner's) personal workspace.
    for (const member of [owner, developer]) {
      const personal = containerListResponseSchema.parse((await as(t.app, member).get('/containers')).json());
      expect(personal.containers.map((c) => c.id)).not.toContain(created.id);
      expect((await as(t.app, member).get(`/containers/${created.id}`)).statusCode).toBe(404);
    }
    // The owner may change it too (containers:write).
    const edited = await as(t.app, owner, orgId).put(`/containers/${created.id}`, { description: 'by the owner' });
    expect(edited.statusCode).toBe(200);
  });

  it('a viewer reads but gets 403 on create, change, actions and delete, and nothing changes', async () => {
    const created = await developerCreates('viewer-proof');
    const api = as(t.app, viewer, orgId);
    expect((await api.get('/containers/summary')).statusCode).toBe(200);
    for (const res of [
      await api.post('/containers', { name: 'not-allowed' }),
      await api.del(`/containers/${created.id}`),
      await api.put(`/containers/${created.id}`, { description: 'no' }),
      await api.post(`/containers/${created.id}/actions`, { action: 'stop' }),
      await api.put('/containers/defaults', { tier: 'large', template_id: '' }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    const list = containerListResponseSchema.parse((await as(t.app, owner, orgId).get('/containers')).json());
    expect(list.containers.map((c) => c.name)).not.toContain('not-allowed');
    const still = containerResponseSchema.parse((await api.get(`/containers/${created.id}`)).json()).container;
    expect(still).toMatchObject({ status: 'running', description: null });
  });

  it('a non-member gets 404 for the organisation, on reads and writes alike', async () => {
    const stranger = await registerUser(t.app);
    const created = await developerCreates('not-for-strangers');
    const api = as(t.app, stranger, orgId);
    for (const res of [
      await api.get('/containers'),
      await api.get(`/containers/${created.id}`),
      await api.post('/containers', { name: 'intruder' }),
      await api.del(`/containers/${created.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: orgMessages.notFound });
    }
  });

  it('audits creates, scales and deletes, with who did them and never a secret', async () => {
    const createdRes = await as(t.app, developer, orgId).post('/containers', {
      name: 'audited-1',
      tier: 'small',
      root_password: 'a-secret-password-1',
    });
    expect(createdRes.statusCode).toBe(202);
    await settleJobs(t.app);
    const { id } = containerResponseSchema.parse(createdRes.json()).container;
    const scaled = await as(t.app, developer, orgId).post(`/containers/${id}/actions`, {
      action: 'scale',
      parameters: { tier: 'medium' },
    });
    expect(scaled.statusCode, scaled.body).toBe(200);
    // A stop is no scale: not audited.
    expect((await as(t.app, developer, orgId).post(`/containers/${id}/actions`, { action: 'stop' })).statusCode).toBe(
      200,
    );
    const deleted = await as(t.app, owner, orgId).del(`/containers/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const [created] = (await auditOf('container.created')).filter((e) => e.target.id === id);
    expect(created).toMatchObject({
      action: 'container.created',
      actor: { id: developer.id, email: developer.email },
      target: { type: 'container', id, label: 'audited-1' },
      details: { tier: 'small' },
    });
    const scales = (await auditOf('container.scaled')).filter((e) => e.target.id === id);
    expect(scales).toHaveLength(1);
    expect(scales[0]).toMatchObject({
      actor: { id: developer.id },
      target: { type: 'container', id, label: 'audited-1' },
      details: { from: 'small', to: 'medium' },
    });
    const [gone] = (await auditOf('container.deleted')).filter((e) => e.target.id === id);
    expect(gone).toMatchObject({ actor: { id: owner.id }, target: { type: 'container', id, label: 'audited-1' } });

    const everything = await t.app.inject({
      method: 'GET',
      url: `/api/orgs/${orgId}/audit`,
      headers: orgHeaders(owner),
    });
    expect(everything.body).not.toContain('a-secret-password-1');
    // Refused attempts leave no entry.
    const refused = await as(t.app, viewer, orgId).post('/containers', { name: 'refused-1' });
    expect(refused.statusCode).toBe(403);
    expect((await auditOf('container.created')).some((e) => e.target.label === 'refused-1')).toBe(false);
  });
});
