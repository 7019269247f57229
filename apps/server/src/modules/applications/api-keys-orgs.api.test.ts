import {
  apiKeyCreatedResponseSchema,
  apiKeyListResponseSchema,
  applicationCreatedResponseSchema,
} from '@nuvem/contracts/applications';
import { errorResponseSchema } from '@nuvem/contracts/common';
import { containerListResponseSchema, containerResponseSchema } from '@nuvem/contracts/containers';
import { auditResponseSchema, type Role } from '@nuvem/contracts/orgs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/api-keys.js';
import { registerVerifiedUser, testDriver, type TestUser, useTestApp } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { createOrg, inviteAndJoin, orgHeaders } from '../orgs/orgs.testing.js';
import { withKey } from './applications-client.testing.js';

/** Calls as `user`'s session (cookie) in `orgId`'s workspace (the personal one without it). */
function inOrg(app: App, user: TestUser, orgId?: string) {
  const headers = orgHeaders(user, orgId);
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object = {}) => app.inject({ method: 'POST', url, headers, payload }),
    patch: (url: string, payload: object) => app.inject({ method: 'PATCH', url, headers, payload }),
    del: (url: string, payload?: object) => app.inject({ method: 'DELETE', url, headers, payload }),
  };
}

/** An organisation with its owner, a member of `role`, and an application the member registered there. */
async function orgWithMember(app: App, role: Role = 'developer') {
  const owner = await registerVerifiedUser(app);
  const orgId = await createOrg(app, owner);
  const member = await inviteAndJoin(app, owner, orgId, role);
  const creator = role === 'developer' || role === 'admin' || role === 'owner' ? member : owner;
  const created = await inOrg(app, creator, orgId).post('/applications', { name: 'Shared app' });
  if (created.statusCode !== 201) throw new Error(`application failed: ${created.statusCode} ${created.body}`);
  const { application } = applicationCreatedResponseSchema.parse(created.json());
  return { owner, orgId, member, application };
}

async function issueKey(app: App, user: TestUser, orgId: string | undefined, applicationId: string, name = 'ci') {
  const res = await inOrg(app, user, orgId).post(`/applications/${applicationId}/keys`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return apiKeyCreatedResponseSchema.parse(res.json()).apiKey;
}

describe(`API keys in organisations on ${testDriver}`, () => {
  const t = useTestApp();

  it("a developer issues a key in the org: it acts in the org's workspace, under the developer's role", async () => {
    const { owner, orgId, member: dev, application } = await orgWithMember(t.app);
    const apiKey = await issueKey(t.app, dev, orgId, application.id);
    expect(apiKey).toMatchObject({ role: 'developer', created_by: dev.id });
    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row).toMatchObject({ userId: orgId, createdBy: dev.id, role: 'developer' });

    // The owner sees it in the org's list; the developer's personal workspace has no such application.
    const listed = await inOrg(t.app, owner, orgId).get(`/applications/${application.id}/keys`);
    expect(apiKeyListResponseSchema.parse(listed.json()).keys).toEqual([
      expect.objectContaining({ id: apiKey.id, role: 'developer', created_by: dev.id }),
    ]);
    expect((await inOrg(t.app, dev).get(`/applications/${application.id}/keys`)).statusCode).toBe(404);

    // The key lists the org's containers (one the owner created) and creates there, not in the developer's own.
    const byOwner = await inOrg(t.app, owner, orgId).post('/api/v1/containers', { name: 'owners-box' });
    expect(byOwner.statusCode, byOwner.body).toBe(202);
    const ownersBox = containerResponseSchema.parse(byOwner.json()).container;
    const key = withKey(t.app, apiKey.key);
    const seen = await key.get('/containers');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(containerListResponseSchema.parse(seen.json()).containers.map((c) => c.id)).toEqual([ownersBox.id]);
    const byKey = await key.post('/containers', { name: 'keys-box' });
    expect(byKey.statusCode, byKey.body).toBe(202);
    const orgList = containerListResponseSchema.parse(
      (await inOrg(t.app, owner, orgId).get('/api/v1/containers')).json(),
    );
    expect(orgList.containers.map((c) => c.name).sort()).toEqual(['keys-box', 'owners-box']);
    const personal = containerListResponseSchema.parse((await inOrg(t.app, dev).get('/api/v1/containers')).json());
    expect(personal.total).toBe(0);
  });

  it('a key follows its issuer: read-only once they are a viewer, 401 at once when they are removed', async () => {
    const { owner, orgId, member: dev, application } = await orgWithMember(t.app);
    const key = withKey(t.app, (await issueKey(t.app, dev, orgId, application.id)).key);
    expect((await key.post('/containers', { name: 'while-dev' })).statusCode).toBe(202);

    const demoted = await inOrg(t.app, owner, orgId).patch(`/api/orgs/${orgId}/members/${dev.id}`, { role: 'viewer' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await key.get('/containers')).statusCode).toBe(200);
    const write = await key.post('/containers', { name: 'as-viewer' });
    expect(write.statusCode, write.body).toBe(403);
    expect(errorResponseSchema.parse(write.json()).code).toBe('FORBIDDEN');

    const removed = await inOrg(t.app, owner, orgId).del(`/api/orgs/${orgId}/members/${dev.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    // At once: the key was verified (and cached) a moment ago.
    expect((await key.get('/containers')).statusCode).toBe(401);
  });

  it('a viewer reads the keys but cannot issue, rotate or revoke one; nothing is written', async () => {
    const { owner, orgId, member: viewer, application } = await orgWithMember(t.app, 'viewer');
    const apiKey = await issueKey(t.app, owner, orgId, application.id);
    const countKeys = async () =>
      (
        await t.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(apiKeys)
          .where(eq(apiKeys.userId, orgId))
      )[0]?.n;
    const as = inOrg(t.app, viewer, orgId);

    expect((await as.get(`/applications/${application.id}/keys`)).statusCode).toBe(200);
    for (const res of [
      await as.post(`/applications/${application.id}/keys`, { name: 'nope' }),
      await as.post(`/applications/${application.id}/keys/${apiKey.id}/rotate`),
      await as.del(`/applications/${application.id}/keys/${apiKey.id}`, {}),
      await as.post('/applications', { name: 'nope' }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorResponseSchema.parse(res.json()).code).toBe('FORBIDDEN');
    }
    expect(await countKeys()).toBe(1);
    expect((await withKey(t.app, apiKey.key).get('/containers')).statusCode).toBe(200);
  });

  it('answers 404 in an organisation the caller is not a member of', async () => {
    const { orgId, application } = await orgWithMember(t.app);
    const stranger = await registerVerifiedUser(t.app);
    const res = await inOrg(t.app, stranger, orgId).get(`/applications/${application.id}/keys`);
    expect(res.statusCode).toBe(404);
  });

  it('rotation records the rotator and never raises the role; the owner audits issue, rotation and revocation', async () => {
    const { owner, orgId, member: dev, application } = await orgWithMember(t.app);
    const issued = await issueKey(t.app, dev, orgId, application.id, 'deploy');

    // The owner rotates the developer's key: it acts for the owner now, still as a developer.
    const byOwner = await inOrg(t.app, owner, orgId).post(`/applications/${application.id}/keys/${issued.id}/rotate`);
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    const ownerRotated = apiKeyCreatedResponseSchema.parse(byOwner.json()).apiKey;
    expect(ownerRotated).toMatchObject({ role: 'developer', created_by: owner.id, name: 'deploy' });

    // An owner's key rotated by the developer drops to the developer's role.
    const ownersKey = await issueKey(t.app, owner, orgId, application.id, 'owners');
    expect(ownersKey.role).toBe('owner');
    const byDev = await inOrg(t.app, dev, orgId).post(`/applications/${application.id}/keys/${ownersKey.id}/rotate`);
    expect(byDev.statusCode, byDev.body).toBe(201);
    expect(apiKeyCreatedResponseSchema.parse(byDev.json()).apiKey).toMatchObject({
      role: 'developer',
      created_by: dev.id,
    });

    const revoked = await inOrg(t.app, dev, orgId).del(`/applications/${application.id}/keys/${ownerRotated.id}`, {
      reason: 'leaked',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);

    const audit = await inOrg(t.app, owner, orgId).get(`/api/orgs/${orgId}/audit`);
    expect(audit.statusCode, audit.body).toBe(200);
    const { entries } = auditResponseSchema.parse(audit.json());
    const keyEntries = entries.filter((e) => e.action.startsWith('key.'));
    const entry = (action: string, targetId: string) =>
      keyEntries.find((e) => e.action === action && e.target.id === targetId);
    expect(entry('key.issued', issued.id)).toMatchObject({
      actor: { id: dev.id },
      target: { type: 'api_key', id: issued.id, label: 'deploy' },
      details: { application: application.id, role: 'developer' },
    });
    expect(entry('key.rotated', ownerRotated.id)).toMatchObject({
      actor: { id: owner.id },
      target: { type: 'api_key', label: 'deploy' },
      details: { application: application.id, role: 'developer', replaces: issued.id },
    });
    expect(entry('key.revoked', ownerRotated.id)).toMatchObject({
      actor: { id: dev.id },
      target: { type: 'api_key', label: 'deploy' },
      details: { application: application.id, role: 'developer', reason: 'leaked' },
    });
    expect(keyEntries.map((e) => e.action).sort()).toEqual([
      'key.issued',
      'key.issued',
      'key.revoked',
      'key.rotated',
      'key.rotated',
    ]);
    // Never a key: neither the one issued nor the ones rotation made.
    for (const secret of [issued.key, ownerRotated.key, ownersKey.key]) expect(audit.body).not.toContain(secret);
  });
});
