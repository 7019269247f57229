import { spawn } from 'node:child_process';
import type { BillingAccount, Order } from '@nuvem/contracts/billing';
import { testOrigin, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { createBillingRepository } from './billing.repository.js';
import { addCoupon, type NewCoupon } from './coupons.js';
import { createSandboxProvider } from './providers/sandbox.js';

/** The portal's own return pages, as a checkout must name them. */
export const returnUrls = { successUrl: `${testOrigin}/success`, cancelUrl: `${testOrigin}/pricing` };

/** The Payments API (below /api/payments) as a signed-in user, or no one, calls it. */
export function paymentsClient(app: App, user: TestUser | null) {
  const headers = {
    origin: testOrigin,
    'content-type': 'application/json',
    ...(user ? { cookie: `nuvem_session=${user.cookie}` } : {}),
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
