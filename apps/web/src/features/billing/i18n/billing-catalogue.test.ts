import { pricingMessages } from '@nuvem/contracts/billing';
import { formatMoney, planIds, plans } from '@nuvem/contracts/pricing';
import { describe, expect, it } from 'vitest';
import { extraTokenCents, planFeatureText } from '../lib/plan-features';
import { billing as english } from './en';
import { billing } from './pt-PT';

describe('the pricing toasts', () => {
  it("are the contracts' pricingMessages word for word", () => {
    const toasts = billing.pricing.toasts;
    expect({
      couponEmpty: toasts.couponEmpty,
      couponInvalid: toasts.couponInvalid,
      couponApplied: toasts.couponApplied.replace('{{percent}}', '20'),
      couponFallback: toasts.couponFallback,
      signInRequired: toasts.signInRequired,
      invalidPrice: toasts.invalidPrice,
      priceIdMissing: toasts.priceIdMissing,
      noCheckoutUrl: toasts.noCheckoutUrl,
      subscriptionFallback: toasts.subscriptionFallback,
      addonFallback: toasts.addonFallback,
      freeActivated: toasts.freeActivated,
    }).toEqual({
      couponEmpty: pricingMessages.couponEmpty,
      couponInvalid: pricingMessages.couponInvalid,
      couponApplied: pricingMessages.couponApplied(20),
      couponFallback: pricingMessages.couponFallback,
      signInRequired: pricingMessages.signInRequired,
      invalidPrice: pricingMessages.invalidPrice,
      priceIdMissing: pricingMessages.priceIdMissing,
      noCheckoutUrl: pricingMessages.noCheckoutUrl,
      subscriptionFallback: pricingMessages.subscriptionFallback,
      addonFallback: pricingMessages.addonFallback,
      freeActivated: pricingMessages.freeActivated,
    });
  });

  it("are the spec's page texts", () => {
    expect(billing.pricing.title.replace('{{product}}', 'Nuvem')).toBe('Planos Nuvem');
    expect(billing.pricing.period.yearly).toBe('Anual');
    expect(billing.pricing.period.discount).toBe('20% OFF');
    expect(billing.pricing.addons.heading).toBe('Add-ons Personalizados');
    expect(billing.pricing.addons.tabs).toEqual({
      tokens: 'Tokens Extra',
      consultation: 'Horas de Consultoria',
      development: 'Horas de Desenvolvimento',
    });
    expect(billing.pricing.coupon.title).toBe('Tem um Código de Cupão?');
  });
});

describe('the plan texts', () => {
  const money = (cents: number) => formatMoney(cents, 'eur', 'pt-PT');
  const lines = (features: string, cents: number | null) =>
    features.replace('{{price}}', cents === null ? '' : money(cents)).split('\n');

  it.each(planIds)("are the spec's texts in pt-PT for %s (the contracts' plans)", (id) => {
    const plan = plans[id];
    const copy = billing.pricing.planCopy[id];
    expect(copy.description).toBe(plan.description);
    expect(lines(copy.features, extraTokenCents(plan))).toEqual(
      plan.features.map((feature) => planFeatureText(plan, feature, money)),
    );
  });

  it.each(planIds)('have as many English lines as Portuguese ones for %s, the price in the same line', (id) => {
    const pt = billing.pricing.planCopy[id].features.split('\n');
    const en = english.pricing.planCopy[id].features.split('\n');
    expect(en).toHaveLength(pt.length);
    expect(en.map((line) => line.includes('{{price}}'))).toEqual(pt.map((line) => line.includes('{{price}}')));
  });
});
