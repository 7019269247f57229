import { accountExportSchema } from '@nuvem/contracts/account';
import { describe, expect, it } from 'vitest';
import { registerUser, registerVerifiedUser, testDriver, useTestApp } from '../../test/helper.testing.js';
import { createOrg, inviteAndJoin } from '../orgs/orgs.testing.js';
import { asBrowser, createEvent, populate } from './account.testing.js';

/** Every key of a JSON document, at any depth. */
function keysOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      found.push(key);
      keysOf(item, found);
    }
  }
  return found;
}

describe(`the account export on ${testDriver}`, () => {
  const t = useTestApp();

  it("downloads everything the portal holds about the user, and nothing of another user's, with no secret", async () => {
    const ana = await registerUser(t.app, { displayName: 'Ana Export' });
    const bia = await registerUser(t.app, { displayName: 'Bia Export' });
    const event = await createEvent(t.app, bia);
    const mine = await populate(t.app, ana, 'ana', event);
    const theirs = await populate(t.app, bia, 'bia');

    const res = await asBrowser(t.app, ana).call('GET', '/account/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="nuvem-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const document = accountExportSchema.parse(res.json());
    expect(document.user).toMatchObject({ id: ana.id, email: ana.email, display_name: 'Ana Export', locale: 'en' });
    expect(document.sign_in.has_password).toBe(true);
    expect(document.sign_in.sessions).toHaveLength(1);
    expect(document.profile).toMatchObject({ headline: 'Headline of ana' });

    // Each module's part is there.
    for (const text of [mine.postBody, mine.applicationName, mine.flowName, mine.enquiryMessage, mine.containerId]) {
      expect(res.body).toContain(text);
    }
    expect(document.events).toMatchObject({ registrations: [{ event_id: event.id, event_title: 'Fado na Mouraria' }] });
    expect(document.applications[0]).toMatchObject({ name: mine.applicationName, api_keys: [{ name: 'key of ana' }] });

    // Nothing of Bia's: her e-mail, post, application, container, flow, enquiry.
    for (const text of [bia.email, theirs.postBody, theirs.applicationName, theirs.containerId, theirs.flowName]) {
      expect(res.body).not.toContain(text);
    }
    expect(res.body).not.toContain(theirs.enquiryMessage);

    // No secret, key, token or hash: not by name, not by value.
    expect(keysOf(document).filter((key) => /hash|secret|hmac|sha\d|^password$|token$/i.test(key))).toEqual([]);
    for (const secret of [mine.apiKey, mine.clientSecret, ana.password, ana.cookie, ana.accessToken]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toMatch(/nuv_[0-9A-Za-z]{20,}|nuvs_[0-9A-Za-z]{20,}|nat_[0-9a-f]{20,}|\$argon2/);
  });

  it("lists the organisations the user is a member of, with the role, and no other member's", async () => {
    const owner = await registerVerifiedUser(t.app);
    const orgId = await createOrg(t.app, owner, 'Tasca Digital');
    const member = await inviteAndJoin(t.app, owner, orgId, 'developer');

    const exported = async (user: { cookie: string }) => {
      const res = await asBrowser(t.app, user).call('GET', '/account/export');
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.body, document: accountExportSchema.parse(res.json()) };
    };
    const mine = await exported(member);
    expect(mine.document.memberships).toHaveLength(1);
    const [membership] = mine.document.memberships;
    expect(membership).toMatchObject({ organisation_id: orgId, name: 'Tasca Digital', role: 'developer' });
    expect(Object.keys(membership ?? {}).sort()).toEqual(['joined_at', 'name', 'organisation_id', 'role']);
    expect(Date.parse(String(membership?.joined_at))).toBeGreaterThan(Date.now() - 60_000);
    expect(mine.body).not.toContain(owner.email);
    expect((await exported(owner)).document.memberships).toMatchObject([{ organisation_id: orgId, role: 'owner' }]);
  });

  it('needs the browser session: 401 without one, 403 for a bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/account/export' })).statusCode).toBe(401);
    const ana = await registerUser(t.app);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/account/export',
      headers: { authorization: `Bearer ${ana.accessToken}` },
    });
    expect(bearer.statusCode).toBe(403);
    expect(bearer.json()).toMatchObject({ code: 'COOKIE_SESSION_REQUIRED' });
  });
});
