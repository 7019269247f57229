import { spawn } from 'node:child_process';
import type { BillingAccount, Order } from '@nuvem/contracts/billing';
import { ORGANIZATION_HEADER } from '@nuvem/contracts/orgs';
import type { PlanId } from '@nuvem/contracts/pricing';
import { testOrigin, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import type { Buyer } from './billing-context.js';
import { createBillingRepository } from './billing.repository.js';
import { addCoupon, type NewCoupon } from './coupons.js';
import { createSandboxProvider } from './providers/sandbox.js';

/** The portal's own return pages, as a checkout must name them. */
export const returnUrls = { successUrl: `${testOrigin}/success`, cancelUrl: `${testOrigin}/pricing` };

/** The sandbox's test card that succeeds. */
export const goodTestCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ana Lima' };

/** A person buying for their personal workspace (whose id is theirs), as the service takes a buyer. */
export function personal(userId: string): Buyer {
  return { workspaceId: userId, userId };
}

/**
 * The Payments API (below /api/payments) as a signed-in user, or no one, calls it; in an
 * organisation's workspace when `workspaceId` names one (the `Nuvem-Organization` header).
 */
export function paymentsClient(app: App, user: TestUser | null, workspaceId?: string) {
  const headers = {
    origin: testOrigin,
    'content-type': 'application/json',
    ...(user ? { cookie: `nuvem_session=${user.cookie}` } : {}),
    ...(workspaceId && workspaceId !== user?.id ? { [ORGANIZATION_HEADER]: workspaceId } : {}),
  };
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `/api/payments${url}`, headers, ...(payload ? { payload } : {}) });
  return {
    call,
    checkout: (body: object) => call('POST', '/payments/pricing/checkout', { ...returnUrls, ...body }),
    subscribe: (body: object) => call('POST', '/subscriptions/checkout', { ...returnUrls, ...body }),
    account: async () => (await call('GET', '/account')).json<BillingAccount>(),
    order: async (id: string) => (await call('GET', `/orders/${id}`)).json<Order>(),
    orders: async () => (await call('GET', '/orders')).json<{ orders: Order[] }>().orders,
  };
}

/**
 * `user` buys `plan` (monthly) for the workspace `workspaceId` (their personal one: their id; an
 * organisation: its `wsp_…` id, where their role must allow billing:manage) through the sandbox
 * checkout, paid with the good test card. Returns the paid order's id; throws with the reply when
 * a step is refused.
 */
export async function buyPlanFor(app: App, user: TestUser, workspaceId: string, plan: PlanId): Promise<string> {
  const payments = paymentsClient(app, user, workspaceId);
  const opened = await payments.subscribe({ plan, period: 'monthly' });
  if (opened.statusCode !== 200) throw new Error(`checkout refused: ${String(opened.statusCode)} ${opened.body}`);
  const { url, orderId } = opened.json<{ url: string; orderId: string }>();
  const paid = await payments.call('POST', `/sandbox/sessions/${url.split('/').pop() ?? ''}/pay`, goodTestCard);
  if (paid.statusCode !== 200) throw new Error(`payment refused: ${String(paid.statusCode)} ${paid.body}`);
  return orderId;
}

/** A coupon stored as the coupons CLI stores it without Stripe (not yet mirrored). */
export function addTestCoupon(app: App, code: string, percentOff: number, extra: Partial<NewCoupon> = {}) {
  return addCoupon(createBillingRepository(app.db), createSandboxProvider(new URL(testOrigin)), {
    code,
    percentOff,
    description: `${String(percentOff)}% off`,
    expiresAt: null,
    maxRedemptions: null,
    plan: null,
    ...extra,
  });
}

/** A PDF's text as poppler's pdftotext reads it (layout kept, so a line's label and amount stay together). */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-']);
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0)
        resolve(
          Buffer.concat(out)
            .toString('utf8')
            .replace(/\u00a0/g, ' '),
        );
      else reject(new Error(`pdftotext exited with ${String(code)}`));
    });
    child.stdin.end(pdf);
  });
}
