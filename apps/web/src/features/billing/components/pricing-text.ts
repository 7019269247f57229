import { formatMoney, type AddonType } from '@nuvem/contracts/pricing';
import { useTranslation } from 'react-i18next';

/**
 * The pricing page is written in European Portuguese whatever the header's language (the spec
 * gives its copy and its toasts in Portuguese, as `pricingMessages` in the contracts), so its
 * texts, figures and money are always read from the pt-PT catalogue and locale.
 */
export const PRICING_LANGUAGE = 'pt-PT';

export function usePricingText() {
  const { t } = useTranslation('billing', { lng: PRICING_LANGUAGE, keyPrefix: 'pricing' });
  return t;
}

export type PricingText = ReturnType<typeof usePricingText>;

export function pricingMoney(cents: number, currency: string): string {
  return formatMoney(cents, currency, PRICING_LANGUAGE);
}

/** '20M tokens', '8 horas': a pack's or a slider's quantity. */
export function quantityText(t: PricingText, type: AddonType, count: number): string {
  return type === 'tokens' ? t('quantity.tokens', { count }) : t('quantity.hours', { count });
}
