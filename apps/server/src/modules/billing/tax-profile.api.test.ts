import type { TaxProfile } from '@nuvem/contracts/billing';
import { vatMessages } from '@nuvem/contracts/tax';
import { describe, expect, it } from 'vitest';
import { registerVerifiedUser, testDriver, useTestApp, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { asBrowser } from '../account/account.testing.js';
import { paymentsClient } from './billing.testing.js';

function profiles(app: App, user: TestUser) {
  const browser = asBrowser(app, user);
  return {
    get: async () => {
      const res = await browser.call('GET', '/api/payments/tax-profile');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TaxProfile>();
    },
    put: (body: object) => browser.call('PUT', '/api/payments/tax-profile', body),
  };
}

describe(`the billing details (tax profile), on ${testDriver}`, () => {
  const t = useTestApp();

  it('starts domestic (the seller country), VAT added at checkout, numbers checked for format only', async () => {
    const ana = await registerVerifiedUser(t.app);
    expect(await profiles(t.app, ana).get()).toEqual({
      country: null,
      vat_number: null,
      name: null,
      address: null,
      tax_rate_bp: 2300,
      tax_treatment: 'domestic',
      vat_number_checked_online: false,
      prices_include_vat: false,
    });
  });

  it('saves country, VAT number (normalised), name and address, and says the VAT that now applies', async () => {
    const ana = await registerVerifiedUser(t.app);
    const api = profiles(t.app, ana);
    const res = await api.put({ country: 'de', vatNumber: ' de 123.456.789 ', name: ' Acme GmbH ', address: 'Berlin' });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      country: 'DE',
      vat_number: 'DE123456789',
      name: 'Acme GmbH',
      address: 'Berlin',
      tax_rate_bp: 0,
      tax_treatment: 'reverse_charge',
      vat_number_checked_online: false,
      prices_include_vat: false,
    };
    expect(res.json()).toEqual(expected);
    expect(await api.get()).toEqual(expected);

    // A consumer in France pays French VAT (OSS); blank fields clear.
    const consumer = await api.put({ country: 'FR', vatNumber: '', name: '', address: '' });
    expect(consumer.json()).toEqual({
      ...expected,
      country: 'FR',
      vat_number: null,
      name: null,
      address: null,
      tax_rate_bp: 2000,
      tax_treatment: 'oss',
    });
    // Outside the EU: no VAT.
    expect((await api.put({ country: 'US' })).json()).toMatchObject({ tax_rate_bp: 0, tax_treatment: 'outside_eu' });
  });

  it('refuses a VAT number of the wrong format, or outside the EU, on the field, with nothing saved', async () => {
    const ana = await registerVerifiedUser(t.app);
    const api = profiles(t.app, ana);
    await api.put({ country: 'PT', name: 'Ana' });

    const bad = await api.put({ country: 'DE', vatNumber: 'DE12345', name: 'Changed' });
    expect(bad.statusCode).toBe(400);
    const message = vatMessages.vatNumberFormat('DE', 'DE');
    expect(bad.json()).toEqual({
      success: false,
      error: message,
      code: 'INVALID_VAT_NUMBER',
      details: [{ path: 'body.vatNumber', message }],
    });
    const outside = await api.put({ country: 'US', vatNumber: '123456789' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      details: [{ path: 'body.vatNumber', message: vatMessages.vatNumberOutsideEu }],
    });
    const country = await api.put({ country: 'Portugal' });
    expect(country.statusCode).toBe(400);
    expect(country.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.country' }] });

    expect(await api.get()).toMatchObject({ country: 'PT', name: 'Ana', vat_number: null });
  });

  it('prices the next checkout with the details, and keeps each user to their own', async () => {
    const ana = await registerVerifiedUser(t.app);
    const bia = await registerVerifiedUser(t.app);
    await profiles(t.app, ana).put({ country: 'HU', name: 'Ana Kft' });
    expect(await profiles(t.app, bia).get()).toMatchObject({ country: null, name: null, tax_treatment: 'domestic' });

    const res = await paymentsClient(t.app, ana).checkout({ type: 'tokens', pack: 'small' });
    expect(res.statusCode, res.body).toBe(200);
    const order = await paymentsClient(t.app, ana).order(res.json<{ orderId: string }>().orderId);
    expect(order).toMatchObject({ tax_rate_bp: 2700, tax_treatment: 'oss' });
    expect(order.tax_cents).toBe(Math.round((order.net_cents * 27) / 100));
    expect(order.total_cents).toBe(order.net_cents + order.tax_cents);
  });

  it('needs a session', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/payments/tax-profile' });
    expect(get.statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/payments/tax-profile',
      headers: { origin: 'http://localhost:3000' },
      payload: { country: 'PT' },
    });
    expect(put.statusCode).toBe(401);
  });
});
