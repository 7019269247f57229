import { billingMessages, pricingMessages, type Order } from '@nuvem/contracts/billing';
import { describe, expect, it } from 'vitest';
import { registerVerifiedUser, testDriver, testOrigin, useTestApp, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { goodTestCard } from './billing.testing.js';

/** The Payments API in a language: `acceptLanguage` undefined sends no Accept-Language at all. */
function payments(app: App, user: TestUser | null, acceptLanguage?: string) {
  const headers = {
    origin: testOrigin,
    'content-type': 'application/json',
    ...(user ? { cookie: `nuvem_session=${user.cookie}` } : {}),
    ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
  };
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `/api/payments${url}`, headers, ...(payload ? { payload } : {}) });
}

const returnUrls = { successUrl: `${testOrigin}/success`, cancelUrl: `${testOrigin}/pricing` };

describe(`one language per reply, on ${testDriver}`, () => {
  const t = useTestApp();

  it("answers the same refusal in the reader's language, and in the spec's text without Accept-Language", async () => {
    const signedOut = { plan: 'pro', period: 'monthly', ...returnUrls };
    const replies = await Promise.all(
      ['pt-PT', 'pt', 'en-GB,en;q=0.9', undefined].map((language) =>
        payments(t.app, null, language)('POST', '/subscriptions/checkout', signedOut),
      ),
    );
    expect(replies.map((res) => res.statusCode)).toEqual([401, 401, 401, 401]);
    expect(replies.map((res) => res.json<{ error: string }>().error)).toEqual([
      'Por favor, faça login para continuar',
      'Por favor, faça login para continuar',
      'Please sign in to continue',
      pricingMessages.signInRequired,
    ]);
    // The text depends on the header: shared caches are told so.
    for (const res of replies) expect(res.headers.vary).toContain('Accept-Language');

    const buyer = await registerVerifiedUser(t.app);
    const free = { plan: 'free', period: 'monthly', ...returnUrls };
    const [pt, en, none] = await Promise.all(
      ['pt-PT', 'en', undefined].map((language) =>
        payments(t.app, buyer, language)('POST', '/subscriptions/checkout', free),
      ),
    );
    expect(pt?.json()).toMatchObject({ error: 'O plano Free não precisa de checkout' });
    expect(en?.json()).toMatchObject({ error: billingMessages.freePlanNoCheckout });
    expect(none?.json()).toMatchObject({ error: billingMessages.freePlanNoCheckout });
  });

  it("names what is bought from its codes in the reader's language; the stored name without Accept-Language", async () => {
    const quote = (language?: string) =>
      payments(t.app, null, language)('POST', '/payments/pricing/calculate', { type: 'consultation', quantity: 12 });
    const english = await quote('en');
    expect(english.json()).toMatchObject({ description: 'Consultation Hours: 12 h' });
    expect(english.headers.vary).toContain('Accept-Language');
    expect((await quote('pt-PT')).json()).toMatchObject({ description: 'Horas de Consultoria: 12 h' });
    expect((await quote()).json()).toMatchObject({ description: 'Horas de Consultoria: 12 h' });

    const buyer = await registerVerifiedUser(t.app);
    const opened = await payments(t.app, buyer, 'en')('POST', '/subscriptions/checkout', {
      plan: 'starter',
      period: 'yearly',
      ...returnUrls,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { url, orderId } = opened.json<{ url: string; orderId: string }>();
    const session = url.split('/').pop() ?? '';
    expect((await payments(t.app, buyer, 'en')('GET', `/sandbox/sessions/${session}`)).json()).toMatchObject({
      description: 'Starter plan (yearly)',
    });
    const paid = await payments(t.app, buyer, 'en')('POST', `/sandbox/sessions/${session}/pay`, goodTestCard);
    expect(paid.statusCode, paid.body).toBe(200);

    const order = async (language?: string) =>
      (await payments(t.app, buyer, language)('GET', `/orders/${orderId}`)).json<Order>().description;
    const listed = async (language?: string) =>
      (await payments(t.app, buyer, language)('GET', '/orders')).json<{ orders: Order[] }>().orders[0]?.description;
    expect(await order('en')).toBe('Starter plan (yearly)');
    expect(await listed('en')).toBe('Starter plan (yearly)');
    expect(await order('pt-PT')).toBe('Plano Starter (anual)');
    expect(await order()).toBe('Plano Starter (anual)');
  });
});
