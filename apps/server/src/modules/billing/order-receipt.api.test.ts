import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.js';
import { registerVerifiedUser, testDriver, testOrigin, useTestApp, type TestUser } from '../../test/helper.testing.js';
import { linkIn, startTestSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp.testing.js';
import type { App } from '../../types.js';
import { MAIL_SEND_JOB } from '../mail/mail.repository.js';
import { addTestCoupon, paymentsClient } from './billing.testing.js';

/** Receipts only (a new account is also mailed a verification link). */
const receiptTo = (email: string) => (m: ReceivedMail) => m.to === email && /receipt|recibo/i.test(m.subject);
const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ana Lima' };

/** Opens a checkout and pays it with the sandbox's good card; the order's id. */
async function buy(app: App, user: TestUser, body: object): Promise<string> {
  const payments = paymentsClient(app, user);
  const res = 'plan' in body ? await payments.subscribe(body) : await payments.checkout(body);
  expect(res.statusCode, res.body).toBe(200);
  const { url, orderId } = res.json<{ url: string; orderId: string }>();
  const paid = await payments.call('POST', `/sandbox/sessions/${url.split('/').pop() ?? ''}/pay`, goodCard);
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

describe(`receipts for paid orders, on ${testDriver}`, () => {
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
        return { smtpUrl: smtp.url, from: 'Nuvem <no-reply@nuvem.test>' };
      },
    },
  });

  it('mails the buyer a receipt in their language, with the bands, the discount, the total and a link', async () => {
    const buyer = await registerVerifiedUser(t.app, { displayName: 'Ana Lima' });
    await t.app.db.update(users).set({ locale: 'pt-PT' }).where(eq(users.id, buyer.id));
    await addTestCoupon(t.app, 'RECIBO10', 10);
    const orderId = await buy(t.app, buyer, { type: 'tokens', quantity: 12, couponCode: 'RECIBO10' });

    const mail = await smtp.waitFor(receiptTo(buyer.email));
    // 10 x 3,00 € + 2 x 2,80 € = 35,60 €, less 10% = 32,04 €, plus 23% VAT (7,37 €) = 39,41 €
    expect(await paymentsClient(t.app, buyer).order(orderId)).toMatchObject({
      net_cents: 3204,
      tax_cents: 737,
      total_cents: 3941,
    });
    expect(mail.subject).toMatch(/^O seu recibo Nuvem: 39,41\s€$/);
    expect(mail.text).toContain('Olá Ana Lima,');
    expect(mail.text).toContain(orderId);
    expect(mail.text).toMatch(/10 × 3,00\s€ = 30,00\s€/);
    expect(mail.text).toMatch(/2 × 2,80\s€ = 5,60\s€/);
    expect(mail.text).toMatch(/Desconto \(RECIBO10\): −3,56\s€/);
    expect(mail.text).toMatch(/Total pago: 39,41\s€/);
    expect(linkIn(mail.text, '/account/billing')).toBe(`${testOrigin}/account/billing`);

    // Fulfilment coming back (a webhook's retry) mails nothing more.
    expect(await t.app.billing.fulfil(orderId, { providerRef: null, receiptUrl: null })).toBeNull();
    await t.app.queue.drain([MAIL_SEND_JOB]);
    expect(smtp.messages.filter(receiptTo(buyer.email))).toHaveLength(1);
  });

  it('mails a plan receipt in English by default', async () => {
    const buyer = await registerVerifiedUser(t.app, { displayName: 'Bo' });
    await buy(t.app, buyer, { plan: 'starter', period: 'monthly' });
    const mail = await smtp.waitFor(receiptTo(buyer.email));
    expect(mail.subject).toMatch(/^Your Nuvem receipt: €\d+\.\d\d$/);
    expect(mail.text).toContain('Hello Bo,');
    expect(mail.text).toContain('Total paid: €');
    expect(mail.html).toContain('See your orders');
  });
});
