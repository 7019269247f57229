import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingInvoices } from '../../db/schema/billing-invoices.js';
import { registerVerifiedUser, testDriver, useTestApp, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { paymentsClient } from './billing.testing.js';
import { invoicesRepository } from './invoices.repository.js';

const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ana Lima' };

/** Opens `count` token-pack checkouts for `user`, returning their sandbox sessions. */
async function openCheckouts(app: App, user: TestUser, count: number): Promise<string[]> {
  const api = paymentsClient(app, user);
  const sessions: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await api.checkout({ type: 'tokens', pack: 'small' });
    expect(res.statusCode, res.body).toBe(200);
    sessions.push(res.json<{ url: string }>().url.split('/').pop() ?? '');
  }
  return sessions;
}

describe(`invoice numbers, on ${testDriver}`, () => {
  const t = useTestApp();

  it('numbers 20 orders paid at once 1..20 in their series and year: no gap, no repeat', async () => {
    const year = new Date().getUTCFullYear();
    const buyers = [await registerVerifiedUser(t.app), await registerVerifiedUser(t.app)];
    const payments = await Promise.all(
      buyers.map(async (user) => ({ user, sessions: await openCheckouts(t.app, user, 10) })),
    );
    const paid = await Promise.all(
      payments.flatMap(({ user, sessions }) =>
        sessions.map((session) =>
          paymentsClient(t.app, user).call('POST', `/sandbox/sessions/${session}/pay`, goodCard),
        ),
      ),
    );
    for (const res of paid) expect(res.statusCode, res.body).toBe(200);

    const rows = await t.app.db.select().from(billingInvoices).where(eq(billingInvoices.series, 'FT'));
    expect(rows).toHaveLength(20);
    expect(rows.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.orderId)).size).toBe(20);
    for (const row of rows) expect(row.number).toBe(`FT ${String(year)}/${String(row.sequence)}`);
  });

  it('gives a number back when its transaction rolls back, and starts each year and series at 1', async () => {
    const take = (series: string, year: number) =>
      t.app.db.transaction((tx) => invoicesRepository(tx).nextSequence(series, year));
    expect(await take('NC', 2031)).toBe(1);
    await expect(
      t.app.db.transaction(async (tx) => {
        expect(await invoicesRepository(tx).nextSequence('NC', 2031)).toBe(2);
        throw new Error('payment rolled back');
      }),
    ).rejects.toThrow('payment rolled back');
    expect(await take('NC', 2031)).toBe(2);
    expect(await take('NC', 2032)).toBe(1);
    expect(await take('FT', 2031)).toBe(1);
  });
});
