import { describe, expect, it } from 'vitest';
import { registerUser, registerVerifiedUser, testOrigin, useTestApp } from '../../test/helper.testing.js';
import { createOrg, invitationTokenFor, inviteAndJoin, orgHeaders } from '../../test/orgs.testing.js';

describe('organisations, members and invitations', () => {
  const t = useTestApp();

  it('lists the personal workspace first, then the organisations with role, plan and seats', async () => {
    const owner = await registerVerifiedUser(t.app);
    const orgId = await createOrg(t.app, owner, 'Acme');
    const res = await t.app.inject({ method: 'GET', url: '/api/orgs', headers: orgHeaders(owner) });
    expect(res.statusCode).toBe(200);
    const { workspaces } = res.json<{
      workspaces: { id: string; kind: string; role: string; plan: string; seats: number; seats_used: number }[];
    }>();
    expect(workspaces[0]).toMatchObject({ id: owner.id, kind: 'personal', role: 'owner' });
    expect(workspaces[1]).toMatchObject({
      id: orgId,
      kind: 'organisation',
      role: 'owner',
      plan: 'free',
      seats: 3,
      seats_used: 1,
    });
  });

  it('needs a verified address to create an organisation', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orgs',
      headers: orgHeaders(user),
      payload: { name: 'Nope' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('invites by mail, accepts once for the matching verified address, and counts pending invitations as seats', async () => {
    const owner = await registerVerifiedUser(t.app);
    const orgId = await createOrg(t.app, owner);
    const dev = await registerVerifiedUser(t.app);
    const other = await registerVerifiedUser(t.app);
    const invite = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${orgId}/invitations`,
      headers: orgHeaders(owner),
      payload: { email: dev.email.toUpperCase(), role: 'developer' },
    });
    expect(invite.statusCode).toBe(201);
    const token = await invitationTokenFor(t.app, dev.email.toUpperCase());
    // Somebody else holding the link cannot use it.
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: orgHeaders(other),
      payload: { token },
    });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toMatchObject({ code: 'INVITATION_OTHER_ADDRESS' });
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/preview',
      headers: orgHeaders(dev),
      payload: { token },
    });
    expect(preview.json()).toMatchObject({
      invitation: { organisation: { id: orgId, name: 'Acme Cloud' }, role: 'developer' },
    });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: orgHeaders(dev),
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ workspace: { id: orgId, role: 'developer' } });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: orgHeaders(dev),
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVITATION_INVALID' });

    // Free sells 3 seats: owner + developer + one pending invitation fill them.
    const third = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${orgId}/invitations`,
      headers: orgHeaders(owner),
      payload: { email: 'third@example.com', role: 'viewer' },
    });
    expect(third.statusCode).toBe(201);
    const fourth = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${orgId}/invitations`,
      headers: orgHeaders(owner),
      payload: { email: 'fourth@example.com', role: 'viewer' },
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ code: 'SEATS_FULL' });
    // Revoking frees the seat.
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/orgs/${orgId}/invitations`,
      headers: orgHeaders(owner),
    });
    const [open] = pending.json<{ invitations: { id: string; email: string }[] }>().invitations;
    expect(open?.email).toBe('third@example.com');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/orgs/${orgId}/invitations/${open?.id}`,
      headers: orgHeaders(owner),
    });
    expect(revoked.statusCode).toBe(200);
    const fifth = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${orgId}/invitations`,
      headers: orgHeaders(owner),
      payload: { email: 'fourth@example.com', role: 'viewer' },
    });
    expect(fifth.statusCode).toBe(201);
    // A developer cannot invite.
    const byDev = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${orgId}/invitations`,
      headers: orgHeaders(dev),
      payload: { email: 'x@example.com', role: 'viewer' },
    });
    expect(byDev.statusCode).toBe(403);
  });

  it('keeps one owner, lets admins manage all but owners, and lets anyone leave', async () => {
    const owner = await registerVerifiedUser(t.app);
    const orgId = await createOrg(t.app, owner);
    const admin = await inviteAndJoin(t.app, owner, orgId, 'admin');
    const viewer = await inviteAndJoin(t.app, owner, orgId, 'viewer');
    const demoteOwner = await t.app.inject({
      method: 'PATCH',
      url: `/api/orgs/${orgId}/members/${owner.id}`,
      headers: orgHeaders(owner),
      payload: { role: 'admin' },
    });
    expect(demoteOwner.statusCode).toBe(409);
    expect(demoteOwner.json()).toMatchObject({ code: 'LAST_OWNER' });
    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/orgs/${orgId}/members/${owner.id}`,
      headers: orgHeaders(owner),
    });
    expect(leave.statusCode).toBe(409);
    const adminOnOwner = await t.app.inject({
      method: 'PATCH',
      url: `/api/orgs/${orgId}/members/${owner.id}`,
      headers: orgHeaders(admin),
      payload: { role: 'viewer' },
    });
    expect(adminOnOwner.statusCode).toBe(403);
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/orgs/${orgId}/members/${viewer.id}`,
      headers: orgHeaders(admin),
      payload: { role: 'developer' },
    });
    expect(promote.json()).toMatchObject({ member: { user_id: viewer.id, role: 'developer' } });
    const viewerRemovesAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/orgs/${orgId}/members/${admin.id}`,
      headers: orgHeaders(viewer),
    });
    expect(viewerRemovesAdmin.statusCode).toBe(403);
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/orgs/${orgId}/members/${viewer.id}`,
      headers: orgHeaders(viewer),
    });
    expect(left.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `/api/orgs/${orgId}/members`, headers: orgHeaders(viewer) });
    expect(gone.statusCode).toBe(404);

    const audit = await t.app.inject({ method: 'GET', url: `/api/orgs/${orgId}/audit`, headers: orgHeaders(owner) });
    const actions = audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'organisation.created',
        'member.invited',
        'member.joined',
        'member.role_changed',
        'member.left',
      ]),
    );
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/orgs/${orgId}/audit?format=csv&action=member.joined`,
      headers: orgHeaders(owner),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(csv.body).not.toMatch(/token=/);
    const byAdminAudit = await t.app.inject({
      method: 'GET',
      url: `/api/orgs/${orgId}/audit`,
      headers: orgHeaders(admin),
    });
    expect(byAdminAudit.statusCode).toBe(200);
  });

  it('refuses a name with a line break (it goes in mail subjects) and audit filters before 1970, with 400', async () => {
    const owner = await registerVerifiedUser(t.app);
    const orgId = await createOrg(t.app, owner);
    for (const name of ['Acme\r\nBcc: x@y.z', 'Acme\tCorp', '\u202e\u200b']) {
      const rename = await t.app.inject({
        method: 'PATCH',
        url: `/api/orgs/${orgId}`,
        headers: orgHeaders(owner),
        payload: { name },
      });
      expect(rename.statusCode, JSON.stringify(name)).toBe(400);
      expect(rename.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    // Invitations still go out under the kept name.
    const invite = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${orgId}/invitations`,
      headers: orgHeaders(owner),
      payload: { email: 'eve@example.com', role: 'viewer' },
    });
    expect(invite.statusCode).toBe(201);
    for (const query of ['to=0000-01-01T00:00:00Z', 'from=1969-12-31T23:59:59Z']) {
      const audit = await t.app.inject({
        method: 'GET',
        url: `/api/orgs/${orgId}/audit?${query}`,
        headers: orgHeaders(owner),
      });
      expect(audit.statusCode, query).toBe(400);
      expect(audit.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('refuses members, invitations and the audit log on a personal workspace, and ids that name nothing', async () => {
    const user = await registerVerifiedUser(t.app);
    const invite = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${user.id}/invitations`,
      headers: orgHeaders(user),
      payload: { email: 'friend@example.com', role: 'owner' },
    });
    expect(invite.statusCode).toBe(400);
    expect(invite.json()).toMatchObject({ code: 'PERSONAL_WORKSPACE' });
    for (const url of ['/api/orgs/%00/audit', '/api/orgs/%00', '/api/v1/containers?org=%00']) {
      const res = await t.app.inject({ method: 'GET', url, headers: orgHeaders(user) });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers 404 to a non-member naming an organisation, and 403 to a role without the permission', async () => {
    const owner = await registerVerifiedUser(t.app);
    const orgId = await createOrg(t.app, owner);
    const stranger = await registerVerifiedUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/orgs/${orgId}/members`, headers: orgHeaders(stranger) });
    expect(res.statusCode).toBe(404);
    const viaHeader = await t.app.inject({
      method: 'GET',
      url: '/api/v1/containers',
      headers: orgHeaders(stranger, orgId),
    });
    expect(viaHeader.statusCode).toBe(404);
    const viewer = await inviteAndJoin(t.app, owner, orgId, 'viewer');
    const audit = await t.app.inject({ method: 'GET', url: `/api/orgs/${orgId}/audit`, headers: orgHeaders(viewer) });
    expect(audit.statusCode).toBe(403);
    expect(audit.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: 'Your role (viewer) does not allow audit:read in this workspace',
    });
    const roles = await t.app.inject({
      method: 'GET',
      url: '/api/rbac/roles',
      headers: { origin: testOrigin, cookie: `nuvem_session=${viewer.cookie}` },
    });
    expect(roles.json<{ roles: { id: string }[] }>().roles.map((r) => r.id)).toEqual([
      'owner',
      'admin',
      'developer',
      'billing',
      'viewer',
    ]);
  });
});
