import { formatMoney, type AddonType } from '@nuvem/contracts/pricing';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { supportedLanguage, type Language } from '@/lib/i18n/languages';

/**
 * The language of '/planos': the spec gives the pricing page's copy and toasts in European
 * Portuguese (`pricingMessages` in the contracts), and that address keeps them whatever the
 * header's language.
 */
export const PRICING_LANGUAGE = 'pt-PT';

/**
 * The pricing page's one language: pt-PT on '/planos'; on '/pricing' the reader's, so its texts,
 * figures and money read like every other page of theirs (the same figures, one locale).
 */
export function usePricingLanguage(): Language {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  return pathname === paths.planos.path ? PRICING_LANGUAGE : supportedLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export function usePricingText() {
  const lng = usePricingLanguage();
  const { t } = useTranslation('billing', { lng, keyPrefix: 'pricing' });
  return t;
}

export type PricingText = ReturnType<typeof usePricingText>;

/** Cents as money in the pricing page's language ('290,00 €' in pt-PT, '€290.00' in English). */
export function usePricingMoney() {
  const lng = usePricingLanguage();
  return useCallback((cents: number, currency: string) => formatMoney(cents, currency, lng), [lng]);
}

/** '20M tokens', '8 horas': a pack's or a slider's quantity. */
export function quantityText(t: PricingText, type: AddonType, count: number): string {
  return type === 'tokens' ? t('quantity.tokens', { count }) : t('quantity.hours', { count });
}
