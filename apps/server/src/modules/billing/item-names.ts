import { addonTypes, findPack, plans, type AddonType, type BillingPeriod, type PlanId } from '@nuvem/contracts/pricing';
import type { ServerLanguage } from '../../lib/i18n/language.js';

/**
 * What an order sells, named from its codes (plan and period, or add-on type with a pack or a
 * quantity, and whether it is a renewal) in the reader's language. The pt-PT names are the ones
 * orders have always stored in `description`, which is kept for the invoices already issued and
 * for a row whose codes do not name it.
 */
export interface ItemCodes {
  addonType: string | null;
  pack: string | null;
  quantity: number | null;
  plan: string | null;
  period: string | null;
  purpose?: string | null;
}

const catalogue = {
  en: {
    plan: (plan: string, period: BillingPeriod) => `${plan} plan (${period === 'yearly' ? 'yearly' : 'monthly'})`,
    renewal: (item: string) => `${item}: renewal`,
    addon: { tokens: 'Extra Tokens', consultation: 'Consultation Hours', development: 'Development Hours' },
    pack: (title: string, pack: string, amount: string) => `${title}: ${pack} pack (${amount})`,
  },
  'pt-PT': {
    plan: (plan: string, period: BillingPeriod) => `Plano ${plan} (${period === 'yearly' ? 'anual' : 'mensal'})`,
    renewal: (item: string) => `${item}: renovação`,
    addon: { tokens: 'Tokens Extra', consultation: 'Horas de Consultoria', development: 'Horas de Desenvolvimento' },
    pack: (title: string, pack: string, amount: string) => `${title}: pack ${pack} (${amount})`,
  },
} satisfies Record<ServerLanguage, unknown>;

/** '20M tokens', '12 h': the same in both languages. */
const amountText = (type: AddonType, quantity: number) => (type === 'tokens' ? `${quantity}M tokens` : `${quantity} h`);

const isAddonType = (value: string | null): value is AddonType =>
  value !== null && (addonTypes as readonly string[]).includes(value);
const isPlan = (value: string | null): value is PlanId => value !== null && value in plans;

/** The item's name in `language`, or null when its codes do not say what it is. */
export function itemName(codes: ItemCodes, language: ServerLanguage): string | null {
  const words = catalogue[language];
  if (isPlan(codes.plan) && (codes.period === 'monthly' || codes.period === 'yearly')) {
    const name = words.plan(plans[codes.plan].name, codes.period);
    return codes.purpose === 'renewal' ? words.renewal(name) : name;
  }
  if (!isAddonType(codes.addonType)) return null;
  const title = words.addon[codes.addonType];
  if (codes.pack !== null) {
    const pack = findPack(codes.addonType, codes.pack);
    return pack ? words.pack(title, pack.name, amountText(codes.addonType, pack.quantity)) : null;
  }
  return codes.quantity === null ? null : `${title}: ${amountText(codes.addonType, codes.quantity)}`;
}

/**
 * What an order is called to a reader: from its codes in their language; the stored text when the
 * request named no language (the spec's texts, as API clients know them) or the codes say nothing.
 */
export function describeItem(codes: ItemCodes, stored: string, language: ServerLanguage | null): string {
  return (language && itemName(codes, language)) ?? stored;
}
