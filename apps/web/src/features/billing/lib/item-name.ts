import type { Order } from '@nuvem/contracts/billing';
import { findPack, plans, type AddonType, type BillingPeriod } from '@nuvem/contracts/pricing';

/** What names an order: its codes, and the text stored when it was made (for an order they do not name). */
export type ItemCodes = Pick<Order, 'description' | 'addon_type' | 'quantity' | 'plan' | 'period' | 'purpose'> & {
  pack?: string | null;
};

/** The billing catalogue's `items` texts, filled in (the component passes its `t`). */
export interface ItemWords {
  plan: (plan: string, period: BillingPeriod) => string;
  renewal: (item: string) => string;
  addon: (type: AddonType) => string;
  pack: (addon: string, pack: string, amount: string) => string;
  quantity: (addon: string, amount: string) => string;
  amount: (type: AddonType, n: number) => string;
}

/**
 * An order's item in the page's language, from its codes ('Starter plan (yearly)', 'Consultation
 * Hours: 12 h'); the stored description when the codes do not say (an order the portal no longer
 * sells, a pack since removed).
 */
export function itemName(order: ItemCodes, words: ItemWords): string {
  if (order.plan && order.period) {
    const name = words.plan(plans[order.plan].name, order.period);
    return order.purpose === 'renewal' ? words.renewal(name) : name;
  }
  const type = order.addon_type;
  if (!type) return order.description;
  const addon = words.addon(type);
  if (order.pack) {
    const pack = findPack(type, order.pack);
    return pack ? words.pack(addon, pack.name, words.amount(type, pack.quantity)) : order.description;
  }
  return order.quantity === null ? order.description : words.quantity(addon, words.amount(type, order.quantity));
}
