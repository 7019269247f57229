import type { Role } from '@nuvem/contracts/orgs';
import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/mail-outbox.js';
import type { App } from '../types.js';
import { registerVerifiedUser, testOrigin, type TestUser } from './helper.testing.js';

/** Headers of a cookie request from the portal's pages, in `orgId`'s workspace when given. */
export function orgHeaders(user: Pick<TestUser, 'cookie'>, orgId?: string): Record<string, string> {
  return {
    origin: testOrigin,
    cookie: `nuvem_session=${user.cookie}`,
    ...(orgId ? { 'nuvem-organization': orgId } : {}),
  };
}

/** Creates an organisation through the API (the owner needs a verified address) and returns its id. */
export async function createOrg(app: App, owner: TestUser, name = 'Acme Cloud'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/orgs', headers: orgHeaders(owner), payload: { name } });
  if (res.statusCode !== 201) throw new Error(`create org failed: ${res.statusCode} ${res.body}`);
  return res.json<{ workspace: { id: string } }>().workspace.id;
}

/**
 * The token of the latest invitation mailed to `email`, read from the mail outbox as a mailbox
 * would (the link `/invitations/accept?token=…` in the message's text).
 */
export async function invitationTokenFor(app: App, email: string): Promise<string> {
  const rows = await app.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'org-invitation')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const match = /\/invitations\/accept\?token=([A-Za-z0-9_-]+)/.exec(rows[0]?.text ?? '');
  if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

/** Invites `user` (or a new verified user) to `orgId` as `role` through the API, and accepts it as them. */
export async function inviteAndJoin(
  app: App,
  owner: TestUser,
  orgId: string,
  role: Role,
  user?: TestUser,
): Promise<TestUser> {
  const member = user ?? (await registerVerifiedUser(app));
  const invited = await app.inject({
    method: 'POST',
    url: `/api/orgs/${orgId}/invitations`,
    headers: orgHeaders(owner),
    payload: { email: member.email, role },
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const token = await invitationTokenFor(app, member.email);
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    headers: orgHeaders(member),
    payload: { token },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return member;
}
