import { describe, expect, it } from 'vitest';
import { readPricingChoices, writePricingChoices } from './pricing-search';

describe('readPricingChoices', () => {
  it('reads the period, the add-on tab and the coupon from the address', () => {
    expect(readPricingChoices(new URLSearchParams('period=yearly&tab=consultation&coupon=nuvem20'))).toEqual({
      period: 'yearly',
      tab: 'consultation',
      coupon: 'NUVEM20',
    });
  });

  it('falls back to the defaults for what is missing or not one of them', () => {
    expect(readPricingChoices(new URLSearchParams(''))).toEqual({ period: 'monthly', tab: 'tokens', coupon: null });
    expect(readPricingChoices(new URLSearchParams('period=weekly&tab=hosting&coupon=não%20é'))).toEqual({
      period: 'monthly',
      tab: 'tokens',
      coupon: null,
    });
  });
});

describe('writePricingChoices', () => {
  it('writes a choice, leaves out a default, and keeps the other parameters', () => {
    const start = new URLSearchParams('utm=mail&tab=development');
    expect(writePricingChoices(start, { period: 'yearly', coupon: 'NUVEM20' }).toString()).toBe(
      'utm=mail&tab=development&period=yearly&coupon=NUVEM20',
    );
    expect(writePricingChoices(start, { tab: 'tokens', period: 'monthly', coupon: null }).toString()).toBe('utm=mail');
    expect(start.toString()).toBe('utm=mail&tab=development');
  });
});
