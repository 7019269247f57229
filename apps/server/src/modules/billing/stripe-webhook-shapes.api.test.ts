import { billingMessages } from '@nuvem/contracts/billing';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { billingWebhookEvents } from '../../db/schema/billing-webhook-events.js';
import { registerVerifiedUser, testDriver, useTestApp } from '../../test/helper.testing.js';
import { startStripeApi, type StripeApiStandIn } from '../../test/providers/stripe-api.testing.js';
import type { App } from '../../types.js';
import { paymentsClient } from './billing.testing.js';
import { STRIPE_EVENT_JOB } from './billing.webhooks.js';

/** The SDK's own signing helper, as Stripe signs its deliveries. */
const signer = new Stripe('sk_test_x');
let stripeApi: StripeApiStandIn;

beforeAll(async () => {
  stripeApi = await startStripeApi();
});
afterAll(async () => {
  await stripeApi.close();
});

/** Posts `payload` signed with the right secret: only its shape can be wrong. */
function postSigned(app: App, payload: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }),
    },
    payload,
  });
}

const envelope = (fields: Record<string, unknown>) => ({
  object: 'event',
  api_version: '2025-09-30.clover',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  ...fields,
});

describe(`Stripe events that are signed but malformed, on ${testDriver}`, () => {
  const t = useTestApp({
    config: {
      get payments() {
        return loadConfig({ ...stripeApi.env, PLAN_QUOTAS: 'false', SEED_DEMO: 'false' }).payments;
      },
    },
  });
  const recorded = async (id?: string) =>
    (
      await t.app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(billingWebhookEvents)
        .where(id === undefined ? undefined : eq(billingWebhookEvents.id, id))
    )[0]?.n ?? 0;

  it('answers 400 INVALID_EVENT to every malformed shape and records no event id', async () => {
    const session = { id: 'cs_test_x', object: 'checkout.session' };
    const shapes: [string, string][] = [
      ['an array body', JSON.stringify([envelope({ id: 'evt_array', type: 'checkout.session.completed' })])],
      ['null', 'null'],
      ['a string', JSON.stringify('evt_text')],
      ['a number', '42'],
      ['no data', JSON.stringify(envelope({ id: 'evt_nodata', type: 'checkout.session.completed' }))],
      ['data null', JSON.stringify(envelope({ id: 'evt_datanull', type: 'checkout.session.completed', data: null }))],
      ['data an array', JSON.stringify(envelope({ id: 'evt_dataarr', type: 'checkout.session.completed', data: [] }))],
      [
        'data.object a string',
        JSON.stringify(envelope({ id: 'evt_objstr', type: 'checkout.session.completed', data: { object: 'x' } })),
      ],
      [
        'data.object an array',
        JSON.stringify(envelope({ id: 'evt_objarr', type: 'checkout.session.completed', data: { object: [session] } })),
      ],
      ['no data.object', JSON.stringify(envelope({ id: 'evt_noobj', type: 'checkout.session.completed', data: {} }))],
      ['no id', JSON.stringify(envelope({ type: 'checkout.session.completed', data: { object: session } }))],
      [
        'a numeric id',
        JSON.stringify(envelope({ id: 12345, type: 'checkout.session.completed', data: { object: session } })),
      ],
      [
        'a NUL in the id',
        JSON.stringify(envelope({ id: 'evt_a\u0000b', type: 'checkout.session.completed', data: { object: session } })),
      ],
      [
        'odd characters in the id',
        JSON.stringify(
          envelope({ id: "evt_'; drop--", type: 'checkout.session.completed', data: { object: session } }),
        ),
      ],
      [
        'an id that is not an event id',
        JSON.stringify(envelope({ id: 'cs_test_x', type: 'checkout.session.completed', data: { object: session } })),
      ],
      [
        'a very long id',
        JSON.stringify(envelope({ id: `evt_${'a'.repeat(300)}`, type: 'invoice.paid', data: { object: session } })),
      ],
      ['no type', JSON.stringify(envelope({ id: 'evt_notype', data: { object: session } }))],
      [
        'a type with a NUL',
        JSON.stringify(envelope({ id: 'evt_typenul', type: 'invoice.\u0000paid', data: { object: session } })),
      ],
      [
        'a NUL inside data.object',
        JSON.stringify(
          envelope({
            id: 'evt_objnul',
            type: 'checkout.session.completed',
            data: { object: { ...session, metadata: { order_id: 'ord_\u0000' } } },
          }),
        ),
      ],
    ];
    for (const [why, payload] of shapes) {
      const res = await postSigned(t.app, payload);
      expect(res.statusCode, `${why}: ${res.body}`).toBe(400);
      expect(res.json(), why).toMatchObject({ error: billingMessages.invalidEvent, code: 'INVALID_EVENT' });
    }
    await t.app.queue.drain([STRIPE_EVENT_JOB]);
    expect(await recorded()).toBe(0);
  });

  it("records the event id only once its job is queued, so Stripe's retry is handled", async () => {
    const user = await registerVerifiedUser(t.app);
    const buyer = paymentsClient(t.app, user);
    const res = await buyer.checkout({ type: 'tokens', pack: 'small' });
    expect(res.statusCode, res.body).toBe(200);
    const { url, orderId } = res.json<{ url: string; orderId: string }>();
    const order = await buyer.order(orderId);
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const payload = JSON.stringify(
      envelope({
        id,
        type: 'checkout.session.completed',
        data: {
          object: {
            id: url.split('/').pop(),
            object: 'checkout.session',
            payment_status: 'paid',
            client_reference_id: orderId,
            amount_total: order.total_cents,
            amount_subtotal: order.net_cents,
            total_details: { amount_discount: 0, amount_tax: order.tax_cents },
            currency: 'eur',
            payment_intent: 'pi_retry',
          },
        },
      }),
    );

    const send = vi.spyOn(t.app.queue, 'send').mockRejectedValueOnce(new Error('the queue is down'));
    const failed = await postSigned(t.app, payload);
    expect(failed.statusCode).toBe(500);
    expect(await recorded(id)).toBe(0);
    send.mockRestore();

    const retried = await postSigned(t.app, payload);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ received: true, duplicate: false });
    await t.app.queue.drain([STRIPE_EVENT_JOB]);
    expect(await buyer.order(orderId)).toMatchObject({ status: 'paid' });
    expect((await buyer.account()).balances.tokens).toBe(5);
    const [row] = await t.app.db.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.id, id));
    expect(row?.processedAt).toBeInstanceOf(Date);

    // Once recorded, a replay is acknowledged without queueing anything.
    const spy = vi.spyOn(t.app.queue, 'send');
    const replay = await postSigned(t.app, payload);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
