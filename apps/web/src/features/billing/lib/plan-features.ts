import type { Plan } from '@nuvem/contracts/pricing';

/**
 * A plan's feature line as shown: the extra-token price the spec writes as a bare figure
 * ('Tokens extra a 0.04 por 1000') becomes money in the page's locale ('0,04 € por 1000 tokens').
 */
export function planFeatureText(
  plan: Pick<Plan, 'extraTokenPrice'>,
  feature: string,
  money: (cents: number) => string,
): string {
  const price = plan.extraTokenPrice;
  if (!price) return feature;
  const figure = `${price} por 1000`;
  const at = feature.indexOf(figure);
  const cents = Math.round(Number(price) * 100);
  if (at === -1 || !Number.isFinite(cents)) return feature;
  return `${feature.slice(0, at)}${money(cents)} por 1000 tokens${feature.slice(at + figure.length)}`;
}

/** The plan's price of 1000 extra tokens in cents ('0.04' -> 4), or null when it sells none. */
export function extraTokenCents(plan: Pick<Plan, 'extraTokenPrice'>): number | null {
  const cents = Math.round(Number(plan.extraTokenPrice ?? NaN) * 100);
  return Number.isFinite(cents) ? cents : null;
}
