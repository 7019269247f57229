import { accountResponseSchema } from '@nuvem/contracts/billing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { apiKeys } from '../../db/schema/api-keys.js';
import { billingSubscriptions } from '../../db/schema/billing-subscriptions.js';
import { testDriver, useTestApp } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { asUser, userWithKey, withKey } from './applications-client.testing.js';

// A fresh install's configuration: PLAN_QUOTAS on, the container caps at their defaults.
const installed = loadConfig({ SEED_DEMO: 'false' });
const HOUR_MS = 3_600_000;

/** A paid plan as billing records it, and the key tier billing gives on payment. */
async function onPlan(app: App, userId: string, plan: 'pro' | 'enterprise', endsAt: Date) {
  await app.db.insert(billingSubscriptions).values({
    userId,
    plan,
    period: 'monthly',
    status: 'active',
    anchorAt: new Date(endsAt.getTime() - 720 * HOUR_MS),
    currentPeriodStart: new Date(endsAt.getTime() - 720 * HOUR_MS),
    currentPeriodEnd: endsAt,
    provider: 'sandbox',
  });
  await app.applications.setKeyTierForUser(userId, plan === 'pro' ? 'premium' : 'enterprise');
}

describe(`what a plan grants, at the moment of the check, on ${testDriver}`, () => {
  const t = useTestApp({
    config: {
      payments: installed.payments,
      userLimits: installed.userLimits,
      apiKeys: { rateLimits: { standard: 5, premium: 50, enterprise: 500 }, usageFlushIntervalMs: 1000 },
    },
  });

  it("drops a key to the standard budget as soon as its paid plan's period ends, before the renewals job", async () => {
    const pro = await userWithKey(t.app);
    const enterprise = await userWithKey(t.app);
    await onPlan(t.app, pro.user.id, 'pro', new Date(Date.now() + HOUR_MS));
    await onPlan(t.app, enterprise.user.id, 'enterprise', new Date(Date.now() + HOUR_MS));

    const first = await withKey(t.app, pro.apiKey.key).get('/containers');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('50');

    // The period ends; nothing in billing has run since (the stored tier is still premium).
    await t.app.db
      .update(billingSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(billingSubscriptions.userId, pro.user.id));
    const next = await withKey(t.app, pro.apiKey.key).get('/containers');
    expect(next.statusCode, next.body).toBe(200);
    expect(next.headers['ratelimit-limit']).toBe('5');
    const [stored] = await t.app.db
      .select({ tier: apiKeys.rateLimitTier })
      .from(apiKeys)
      .where(eq(apiKeys.id, pro.apiKey.id));
    expect(stored?.tier).toBe('premium');

    // The other user's plan still runs: their key keeps its tier.
    const other = await withKey(t.app, enterprise.apiKey.key).get('/containers');
    expect(other.headers['ratelimit-limit']).toBe('500');

    // Renewed (a later period end): the tier the key holds counts again.
    await t.app.db
      .update(billingSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() + HOUR_MS) })
      .where(eq(billingSubscriptions.userId, pro.user.id));
    expect((await withKey(t.app, pro.apiKey.key).get('/containers')).headers['ratelimit-limit']).toBe('50');
  });

  it("gives no key more than its user's plan, even a tier set on the key by hand", async () => {
    const free = await userWithKey(t.app);
    await t.app.db.update(apiKeys).set({ rateLimitTier: 'enterprise' }).where(eq(apiKeys.id, free.apiKey.id));
    expect((await withKey(t.app, free.apiKey.key).get('/containers')).headers['ratelimit-limit']).toBe('5');
  });

  it("shows each plan's own container figure on the Billing page (the default caps reach every plan)", async () => {
    const pro = await userWithKey(t.app);
    const enterprise = await userWithKey(t.app);
    await onPlan(t.app, pro.user.id, 'pro', new Date(Date.now() + HOUR_MS));
    await onPlan(t.app, enterprise.user.id, 'enterprise', new Date(Date.now() + HOUR_MS));
    const account = async (user: typeof pro.user) => {
      const res = await asUser(t.app, user).get('/api/payments/account');
      expect(res.statusCode, res.body).toBe(200);
      return accountResponseSchema.parse(res.json());
    };
    expect(await account(pro.user)).toMatchObject({ plan: 'pro', containers: { limit: 25 } });
    expect(await account(enterprise.user)).toMatchObject({ plan: 'enterprise', containers: { limit: 100 } });
    expect((await account((await userWithKey(t.app)).user)).containers.limit).toBe(3);
  });
});
