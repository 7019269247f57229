import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { billing as en } from '../i18n/en';
import { billing as pt } from '../i18n/pt-PT';
import { itemName, type ItemCodes, type ItemWords } from './item-name';

/** The catalogue's `items` texts filled in as i18next does ({{name}} replaced). */
function wordsOf(items: typeof pt.items): ItemWords {
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
  return {
    plan: (plan, period) => fill(items.plan, { plan, period: items.period[period] }),
    renewal: (item) => fill(items.renewal, { item }),
    addon: (type) => items.addon[type],
    pack: (addon, pack, amount) => fill(items.pack, { addon, pack, amount }),
    quantity: (addon, amount) => fill(items.quantity, { addon, amount }),
    amount: (type, n) => fill(type === 'tokens' ? items.tokens : items.hours, { n }),
  };
}

const none: ItemCodes = {
  description: 'stored',
  addon_type: null,
  pack: null,
  quantity: null,
  plan: null,
  period: null,
  purpose: 'purchase',
};

describe('itemName', () => {
  it.each<[Partial<ItemCodes>, string, string]>([
    [{ plan: 'starter', period: 'yearly' }, 'Starter plan (yearly)', 'Plano Starter (anual)'],
    [
      { plan: 'pro', period: 'monthly', purpose: 'renewal' },
      'Pro plan (monthly): renewal',
      'Plano Pro (mensal): renovação',
    ],
    [{ addon_type: 'consultation', quantity: 12 }, 'Consultation Hours: 12 h', 'Horas de Consultoria: 12 h'],
    [
      { addon_type: 'tokens', pack: 'medium', quantity: 20 },
      'Extra Tokens: Medium pack (20M tokens)',
      'Tokens Extra: pack Medium (20M tokens)',
    ],
  ])('names %j from its codes: %j in English, the stored pt-PT name %j in Portuguese', (codes, english, portuguese) => {
    expect(itemName({ ...none, ...codes }, wordsOf(en.items))).toBe(english);
    expect(itemName({ ...none, ...codes }, wordsOf(pt.items))).toBe(portuguese);
  });

  it('keeps the stored description when the codes do not name the item', () => {
    expect(itemName(none, wordsOf(en.items))).toBe('stored');
    expect(itemName({ ...none, addon_type: 'tokens', pack: 'retired' }, wordsOf(en.items))).toBe('stored');
  });

  it('reads the same through i18next', () => {
    const t = i18n.getFixedT('en', 'billing', 'items');
    expect(t('plan', { plan: 'Starter', period: t('period.yearly') })).toBe('Starter plan (yearly)');
  });
});
