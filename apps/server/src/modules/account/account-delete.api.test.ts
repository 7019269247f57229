import { membersResponseSchema, orgMessages } from '@nuvem/contracts/orgs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingOrders } from '../../db/schema/billing-orders.js';
import { billingSubscriptions } from '../../db/schema/billing-subscriptions.js';
import { containers } from '../../db/schema/containers.js';
import { programmeEnquiries } from '../../db/schema/programme-enquiries.js';
import { users } from '../../db/schema/users.js';
import {
  registerVerifiedUser,
  settleJobs,
  testDriver,
  testOrigin,
  useTestApp,
  type TestUser,
} from '../../test/helper.testing.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.testing.js';
import type { App } from '../../types.js';
import { paymentsClient } from '../billing/billing.testing.js';
import { createOrg, inviteAndJoin, orgHeaders } from '../orgs/orgs.testing.js';
import { asBrowser, createEvent, populate } from './account.testing.js';

const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ana Lima' };

/** A paid sandbox purchase: an add-on pack, or a plan (which starts a subscription). */
async function buy(app: App, user: TestUser, kind: 'addon' | 'plan'): Promise<string> {
  const payments = paymentsClient(app, user);
  const res =
    kind === 'addon'
      ? await payments.checkout({ type: 'tokens', pack: 'small' })
      : await payments.subscribe({ plan: 'starter', period: 'monthly' });
  expect(res.statusCode, res.body).toBe(200);
  const { url, orderId } = res.json<{ url: string; orderId: string }>();
  const paid = await payments.call('POST', `/sandbox/sessions/${url.split('/').pop() ?? ''}/pay`, goodCard);
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

async function signInStatus(app: App, user: TestUser): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin: testOrigin },
    remoteAddress: '198.51.100.77',
    payload: { email: user.email, password: user.password },
  });
  return res.statusCode;
}

const me = async (app: App, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: cookie } })).statusCode;

describe(`deleting an account on ${testDriver}`, () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useTestApp({
    config: {
      get mail() {
        return { smtpUrl: smtp.url, from: 'Nuvem <no-reply@nuvem.test>', outboxDir: null };
      },
    },
  });

  it('refuses without the password or the typed address, and from anywhere but the browser session', async () => {
    const ana = await registerVerifiedUser(t.app);
    const { call } = asBrowser(t.app, ana);
    const attempt = (body: object) => call('POST', '/account/delete', body);

    const mismatch = await attempt({ password: ana.password, confirm: 'someone@example.com' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'CONFIRM_MISMATCH' });
    const wrong = await attempt({ password: 'not the password', confirm: ana.email });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await attempt({ confirm: ana.email })).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await attempt({ password: ana.password })).statusCode).toBe(400); // no confirmation at all

    const body = { password: ana.password, confirm: ana.email };
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/account/delete',
      cookies: { nuvem_session: ana.cookie },
      payload: body,
    });
    expect(noOrigin.statusCode).toBe(403);
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/account/delete',
      headers: { authorization: `Bearer ${ana.accessToken}` },
      payload: body,
    });
    expect(bearer.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/account/delete', payload: body })).statusCode).toBe(401);

    expect(await me(t.app, ana.cookie)).toBe(200);
    expect(await t.app.db.select().from(users).where(eq(users.id, ana.id))).toHaveLength(1);
  });

  it('deletes the containers on the driver and every personal row, ends the sessions, keeps the orders, mails a notice', async () => {
    const ana = await registerVerifiedUser(t.app, { displayName: 'Ana Apagada' });
    const bia = await registerVerifiedUser(t.app);
    const event = await createEvent(t.app, bia);
    const anas = await populate(t.app, ana, 'ana', event);
    const bias = await populate(t.app, bia, 'bia', event);
    const orders = [await buy(t.app, ana, 'addon'), await buy(t.app, ana, 'plan')];
    const laptop = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: testOrigin },
      payload: { email: ana.email, password: ana.password },
    });
    const laptopCookie = laptop.cookies.find((c) => c.name === 'nuvem_session')?.value ?? '';
    expect(await me(t.app, laptopCookie)).toBe(200);
    const driver = t.app.containers.driver;
    await expect(driver.state(anas.instanceName)).resolves.toMatchObject({ status: 'running' });

    const res = await asBrowser(t.app, ana).call('POST', '/account/delete', {
      password: ana.password,
      confirm: ` ${ana.email.toUpperCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.cookies.find((c) => c.name === 'nuvem_session')?.value).toBe('');

    // Signed out everywhere, and the account cannot sign in again.
    expect(await me(t.app, ana.cookie)).toBe(401);
    expect(await me(t.app, laptopCookie)).toBe(401);
    expect(await signInStatus(t.app, ana)).toBe(401);
    // The instance is gone from the driver; the API key no longer opens anything.
    await expect(driver.state(anas.instanceName)).rejects.toThrow();
    const withKey = await t.app.inject({
      method: 'GET',
      url: '/api/v1/containers',
      headers: { authorization: `Bearer ${anas.apiKey}` },
    });
    expect(withKey.statusCode).toBe(401);

    // The personal rows are gone (the user row took the rest with it); the enquiry too.
    expect(await t.app.db.select().from(users).where(eq(users.id, ana.id))).toHaveLength(0);
    expect(await t.app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, ana.id))).toEqual(
      [],
    );
    expect(
      await t.app.db.select().from(programmeEnquiries).where(eq(programmeEnquiries.email, ana.email)),
    ).toHaveLength(0);
    // The orders are kept (invoices), paid, with no receipt link naming the buyer.
    const kept = await t.app.db.select().from(billingOrders).where(eq(billingOrders.userId, ana.id));
    expect(kept.map((order) => order.id).sort()).toEqual([...orders].sort());
    for (const order of kept) expect(order).toMatchObject({ status: 'paid', receiptUrl: null });
    expect(JSON.stringify(kept)).not.toContain(ana.email);
    // Her ticket went back to the event: Bia's is the only one left.
    const detail = await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` });
    expect(detail.json()).toMatchObject({ attendee_count: 1 });

    // Bia is untouched.
    expect(await me(t.app, bia.cookie)).toBe(200);
    await expect(driver.state(bias.instanceName)).resolves.toMatchObject({ status: 'running' });
    const biaExport = await asBrowser(t.app, bia).call('GET', '/account/export');
    expect(biaExport.body).toContain(bias.postBody);
    expect(biaExport.body).not.toContain(ana.email);

    // The notice reaches the address, in the account's language.
    const notice = await smtp.waitFor((mail) => mail.to === ana.email && /deleted/i.test(mail.subject));
    expect(notice.subject).toBe('Your Nuvem account was deleted');
    expect(notice.text).toContain('Hello Ana Apagada,');
    expect(notice.text).toContain(ana.email);
  });

  it("refuses an organisation's owner with nothing deleted; a plain member leaves the organisation with the account", async () => {
    const owner = await registerVerifiedUser(t.app);
    const orgId = await createOrg(t.app, owner, 'Tasca Digital');
    const member = await inviteAndJoin(t.app, owner, orgId, 'developer');
    const owners = await populate(t.app, owner, 'owner');
    const driver = t.app.containers.driver;
    const members = async () => {
      const res = await asBrowser(t.app, owner).call('GET', `/api/orgs/${orgId}/members`);
      expect(res.statusCode, res.body).toBe(200);
      return membersResponseSchema.parse(res.json()).members.map((row) => row.user_id);
    };

    // The owner: refused before anything outside the database or in it is touched.
    const refused = await asBrowser(t.app, owner).call('POST', '/account/delete', {
      password: owner.password,
      confirm: owner.email,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORGANISATION_OWNER', error: orgMessages.ownsOrganisations });
    expect(await me(t.app, owner.cookie)).toBe(200);
    expect(await t.app.db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
    await expect(driver.state(owners.instanceName)).resolves.toMatchObject({ status: 'running' });
    const ownersExport = await asBrowser(t.app, owner).call('GET', '/account/export');
    for (const text of [owners.postBody, owners.applicationName, owners.flowName, owners.containerId]) {
      expect(ownersExport.body).toContain(text);
    }
    expect((await members()).sort()).toEqual([owner.id, member.id].sort());

    // The member's container in the organisation belongs to it: her deletion leaves it running.
    const orgBox = await t.app.inject({
      method: 'POST',
      url: '/api/v1/containers',
      headers: orgHeaders(member, orgId),
      payload: { name: 'box-of-the-org', tier: 'small', template_id: 'nodejs-18' },
    });
    expect(orgBox.statusCode, orgBox.body).toBe(202);
    const orgBoxId = orgBox.json<{ container: { id: string } }>().container.id;
    await settleJobs(t.app);

    const gone = await asBrowser(t.app, member).call('POST', '/account/delete', {
      password: member.password,
      confirm: member.email,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await me(t.app, member.cookie)).toBe(401);
    expect(await t.app.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(0);
    expect(await members()).toEqual([owner.id]);
    const orgContainers = await t.app.inject({
      method: 'GET',
      url: `/api/v1/containers/${orgBoxId}`,
      headers: orgHeaders(owner, orgId),
    });
    expect(orgContainers.statusCode, orgContainers.body).toBe(200);
    const [row] = await t.app.db.select().from(containers).where(eq(containers.id, orgBoxId));
    await expect(driver.state(row?.instanceName ?? '')).resolves.toMatchObject({ status: 'running' });
  });
});
