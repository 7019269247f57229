import { pricingMessages } from '@nuvem/contracts/billing';
import { describe, expect, it } from 'vitest';
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
