import { formatMoney, plans } from '@nuvem/contracts/pricing';
import { describe, expect, it } from 'vitest';
import { planFeatureText } from './plan-features';

const euros = (cents: number) => formatMoney(cents, 'eur', 'pt-PT');

describe('planFeatureText', () => {
  it('writes the extra-token price as money in the locale, per 1000 tokens', () => {
    const pro = plans.pro.features.map((feature) => planFeatureText(plans.pro, feature, euros));
    expect(pro).toContain(`Tokens extra a ${euros(4)} por 1000 tokens`);
    expect(pro.some((line) => line.includes('0.04'))).toBe(false);
    const enterprise = plans.enterprise.features.map((feature) => planFeatureText(plans.enterprise, feature, euros));
    expect(enterprise).toContain(`Tokens extra a ${euros(3)} por 1000 tokens (25% de desconto)`);
    expect(euros(4).replace(/\s/g, ' ')).toBe('0,04 €');
  });

  it('leaves every other line, and plans without the price, as written', () => {
    expect(planFeatureText(plans.pro, '30M tokens por mês', euros)).toBe('30M tokens por mês');
    expect(plans.free.features.map((feature) => planFeatureText(plans.free, feature, euros))).toEqual(
      plans.free.features,
    );
  });
});
