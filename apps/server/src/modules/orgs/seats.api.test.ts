import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaceInvitations } from '../../db/schema/workspace-invitations.js';
import { sha256 } from '../../lib/tokens.js';
import { registerVerifiedUser, testDriver, useTestApp, type TestUser } from '../../test/helper.testing.js';
import { buyPlanFor } from '../billing/billing.testing.js';
import { createOrg, invitationTokenFor, orgHeaders } from './orgs.testing.js';

describe(`seats under concurrency, on ${testDriver}`, () => {
  const t = useTestApp();

  it(
    'seats 25 of 26 people accepting at once on Enterprise, and refuses the rest with SEATS_FULL',
    { timeout: 300_000 },
    async () => {
      const owner = await registerVerifiedUser(t.app);
      const orgId = await createOrg(t.app, owner, 'Big team');
      await buyPlanFor(t.app, owner, orgId, 'enterprise');
      const people: TestUser[] = [];
      for (let i = 0; i < 26; i += 1) people.push(await registerVerifiedUser(t.app));

      // 24 invitations fill the 25 seats with the owner; the 25th is refused.
      const tokens: string[] = [];
      for (const person of people.slice(0, 24)) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/orgs/${orgId}/invitations`,
          headers: orgHeaders(owner),
          payload: { email: person.email, role: 'developer' },
        });
        expect(res.statusCode).toBe(201);
        tokens.push(await invitationTokenFor(t.app, person.email));
      }
      const full = await t.app.inject({
        method: 'POST',
        url: `/api/orgs/${orgId}/invitations`,
        headers: orgHeaders(owner),
        payload: { email: people[24]!.email, role: 'developer' },
      });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ code: 'SEATS_FULL' });

      // Two more invitations exist beyond the seats (as after a plan was lowered while they were
      // pending): written straight to the table, since the API would refuse them.
      for (const person of people.slice(24)) {
        const token = `extra-${person.id}`;
        await t.app.db.insert(workspaceInvitations).values({
          id: `ivt_extra_${person.id}`,
          workspaceId: orgId,
          email: person.email,
          role: 'viewer',
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + 86_400_000),
        });
        tokens.push(token);
      }

      // All 26 accept at once.
      const answers = await Promise.all(
        people.map((person, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/invitations/accept',
            headers: orgHeaders(person),
            payload: { token: tokens[i] },
          }),
        ),
      );
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(24);
      expect(answers.filter((res) => res.statusCode === 409).map((res) => res.json<{ code: string }>().code)).toEqual([
        'SEATS_FULL',
        'SEATS_FULL',
      ]);
      const members = await t.app.inject({
        method: 'GET',
        url: `/api/orgs/${orgId}/members`,
        headers: orgHeaders(owner),
      });
      expect(members.json<{ members: unknown[] }>().members).toHaveLength(25);
      const list = await t.app.inject({ method: 'GET', url: '/api/orgs', headers: orgHeaders(owner) });
      expect(
        list
          .json<{ workspaces: { id: string; seats: number; members: number }[] }>()
          .workspaces.find((w) => w.id === orgId),
      ).toMatchObject({
        seats: 25,
        members: 25,
      });
      // The two refused are still open (a seat freed later lets them in); the 24 others were used once.
      const rows = await t.app.db
        .select()
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.workspaceId, orgId));
      expect(rows.filter((row) => row.acceptedAt === null && row.revokedAt === null)).toHaveLength(2);
      expect(rows.filter((row) => row.acceptedAt !== null)).toHaveLength(24);
    },
  );
});
