import type { AuditEntry, Workspace } from '@nuvem/contracts/orgs';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingOrders } from '../../db/schema/billing-orders.js';
import { mailOutbox } from '../../db/schema/mail-outbox.js';
import { users } from '../../db/schema/users.js';
import { registerVerifiedUser, testDriver, useTestApp, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { createOrg, inviteAndJoin, orgHeaders } from '../orgs/orgs.testing.js';
import { buyPlanFor, goodTestCard, paymentsClient } from './billing.testing.js';

const sessionOf = (url: string) => url.split('/').pop() ?? '';

async function auditOf(app: App, owner: TestUser, orgId: string): Promise<AuditEntry[]> {
  const res = await app.inject({ method: 'GET', url: `/api/orgs/${orgId}/audit`, headers: orgHeaders(owner) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: AuditEntry[] }>().entries;
}

async function workspacesOf(app: App, user: TestUser): Promise<Workspace[]> {
  const res = await app.inject({ method: 'GET', url: '/api/orgs', headers: orgHeaders(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ workspaces: Workspace[] }>().workspaces;
}

/** The receipts written for an order (one per recipient), as the outbox holds them. */
async function receiptsOf(app: App, orderId: string) {
  return app.db
    .select({ to: mailOutbox.to, userId: mailOutbox.userId, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, 'order-receipt'), like(mailOutbox.dedupeKey, `order-paid:${orderId}%`)));
}

/** Billing in an organisation's workspace: bought by its members whose role allows it, owned by it. */
describe(`billing in an organisation, on ${testDriver}`, () => {
  const t = useTestApp();

  it('lets the owner buy Enterprise for the organisation: its plan, its orders, its audit log, not the owner’s', async () => {
    const owner = await registerVerifiedUser(t.app);
    const orgId = await createOrg(t.app, owner, 'Enterprise team');
    const orderId = await buyPlanFor(t.app, owner, orgId, 'enterprise');

    const org = paymentsClient(t.app, owner, orgId);
    expect(await org.account()).toMatchObject({ plan: 'enterprise', period: 'monthly', key_tier: 'enterprise' });
    expect((await org.orders()).map((order) => order.id)).toEqual([orderId]);
    // The owner's personal workspace bought nothing: still Free, no orders.
    const mine = paymentsClient(t.app, owner);
    expect(await mine.account()).toMatchObject({ plan: 'free' });
    expect(await mine.orders()).toEqual([]);
    expect((await mine.call('GET', `/orders/${orderId}`)).statusCode).toBe(404);

    const workspaces = await workspacesOf(t.app, owner);
    expect(workspaces.find((w) => w.id === orgId)).toMatchObject({ plan: 'enterprise', seats: 25 });
    expect(workspaces.find((w) => w.id === owner.id)).toMatchObject({ plan: 'free' });

    // Owned by the workspace, placed by the owner; the receipt goes to the person who placed it.
    const [row] = await t.app.db.select().from(billingOrders).where(eq(billingOrders.id, orderId));
    expect(row).toMatchObject({ userId: orgId, placedBy: owner.id, status: 'paid' });
    expect((await receiptsOf(t.app, orderId)).map((mail) => [mail.to, mail.userId])).toEqual([[owner.email, owner.id]]);

    const bought = (await auditOf(t.app, owner, orgId)).filter((entry) => entry.action === 'plan.bought');
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({
      actor: { id: owner.id, email: owner.email },
      target: { type: 'plan', id: 'enterprise' },
      details: { plan: 'enterprise', period: 'monthly', order_id: orderId },
    });
    // Nothing of the card is kept.
    expect(JSON.stringify(bought[0])).not.toMatch(/4242|Ana Lima|12\/40/);
  });

  it('lets owners and billing members buy and manage, developers and viewers only read; non-members see nothing', async () => {
    const owner = await registerVerifiedUser(t.app);
    const orgId = await createOrg(t.app, owner, 'Roles team');
    // Pro first: Free seats three people, and the team is four.
    const planOrder = await buyPlanFor(t.app, owner, orgId, 'pro');
    const developer = await inviteAndJoin(t.app, owner, orgId, 'developer');
    const billing = await inviteAndJoin(t.app, owner, orgId, 'billing');
    const viewer = await inviteAndJoin(t.app, owner, orgId, 'viewer');
    const stranger = await registerVerifiedUser(t.app);

    // A developer and a viewer read the workspace's billing…
    for (const reader of [developer, viewer]) {
      const api = paymentsClient(t.app, reader, orgId);
      expect(await api.account()).toMatchObject({ plan: 'pro' });
      expect((await api.orders()).map((order) => order.id)).toEqual([planOrder]);
      expect((await api.call('GET', '/invoices')).statusCode).toBe(200);
      expect((await api.call('GET', '/tax-profile')).statusCode).toBe(200);
    }
    // …but buy, cancel and change nothing: 403 FORBIDDEN, nothing written.
    for (const [reader, role] of [
      [developer, 'developer'],
      [viewer, 'viewer'],
    ] as const) {
      const api = paymentsClient(t.app, reader, orgId);
      const refused = [
        await api.subscribe({ plan: 'enterprise', period: 'monthly' }),
        await api.checkout({ type: 'tokens', pack: 'small' }),
        await api.call('POST', '/subscriptions/cancel'),
        await api.call('GET', '/subscriptions/preview?plan=enterprise&period=monthly'),
        await t.app.inject({
          method: 'PUT',
          url: '/api/payments/tax-profile',
          headers: { ...orgHeaders(reader, orgId), 'content-type': 'application/json' },
          payload: { country: 'PT' },
        }),
      ];
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
        expect(res.json<{ error: string }>().error).toContain(`Your role (${role})`);
      }
    }
    expect(await paymentsClient(t.app, owner, orgId).orders()).toHaveLength(1);
    expect(await paymentsClient(t.app, owner, orgId).account()).toMatchObject({ cancel_at_period_end: false });

    // Someone outside the organisation: 404, as if it did not exist.
    const outside = paymentsClient(t.app, stranger, orgId);
    expect((await outside.call('GET', '/orders')).statusCode).toBe(404);
    expect((await outside.subscribe({ plan: 'pro', period: 'monthly' })).statusCode).toBe(404);
    expect((await outside.call('GET', `/orders/${planOrder}`)).statusCode).toBe(404);

    // A billing member checks out for the workspace; the checkout shows their address; the
    // owner (another manager of the same workspace) may see it, the viewer may not pay it.
    const buyer = paymentsClient(t.app, billing, orgId);
    const opened = await buyer.checkout({ type: 'tokens', pack: 'small' });
    expect(opened.statusCode, opened.body).toBe(200);
    const { url, orderId } = opened.json<{ url: string; orderId: string }>();
    const session = await paymentsClient(t.app, owner, orgId).call('GET', `/sandbox/sessions/${sessionOf(url)}`);
    expect(session.json()).toMatchObject({ order_id: orderId, email: billing.email });
    const viewerPays = await paymentsClient(t.app, viewer, orgId).call(
      'POST',
      `/sandbox/sessions/${sessionOf(url)}/pay`,
      goodTestCard,
    );
    expect(viewerPays.statusCode).toBe(403);
    // The order is the workspace's: not in the billing member's own workspace.
    expect((await paymentsClient(t.app, billing).call('GET', `/sandbox/sessions/${sessionOf(url)}`)).statusCode).toBe(
      404,
    );
    expect(await paymentsClient(t.app, billing).orders()).toEqual([]);

    // An order with no one behind it (as a renewal): its receipt goes to the workspace's billing
    // contacts, the owner and the billing member, not the developer or the viewer.
    await t.app.db.update(billingOrders).set({ placedBy: null }).where(eq(billingOrders.id, orderId));
    const tokensBefore = (await buyer.account()).balances.tokens;
    const paid = await buyer.call('POST', `/sandbox/sessions/${sessionOf(url)}/pay`, goodTestCard);
    expect(paid.statusCode, paid.body).toBe(200);
    // The small pack's 5M tokens are the workspace's.
    expect((await buyer.account()).balances.tokens).toBe(tokensBefore + 5);
    expect((await receiptsOf(t.app, orderId)).map((mail) => mail.to).sort()).toEqual(
      [owner.email, billing.email].sort(),
    );

    // Buying still needs the buyer's own verified address.
    await t.app.db.update(users).set({ emailVerified: false }).where(eq(users.id, billing.id));
    await t.app.auth.forgetCachedSessions(billing.id);
    const unverified = await buyer.checkout({ type: 'tokens', pack: 'small' });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    // The billing member cancels the plan: the workspace's audit log says who, with the order.
    const cancelled = await buyer.call('POST', '/subscriptions/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ plan: 'pro', cancel_at_period_end: true });
    const entries = await auditOf(t.app, owner, orgId);
    const cancellations = entries.filter((entry) => entry.action === 'plan.cancelled');
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0]).toMatchObject({
      actor: { id: billing.id, email: billing.email },
      details: { plan: 'pro', period: 'monthly', order_id: planOrder },
    });
    // An add-on is no plan: only the plan's purchase is in the log as bought.
    expect(entries.filter((entry) => entry.action === 'plan.bought').map((entry) => entry.details.order_id)).toEqual([
      planOrder,
    ]);
  });
});
