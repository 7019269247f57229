import { describe, expect, it } from 'vitest';
import { describeItem, itemName, type ItemCodes } from './item-names.js';

const none: ItemCodes = { addonType: null, pack: null, quantity: null, plan: null, period: null };

describe('item names', () => {
  it.each<[ItemCodes, string, string]>([
    [{ ...none, plan: 'starter', period: 'yearly' }, 'Plano Starter (anual)', 'Starter plan (yearly)'],
    [{ ...none, plan: 'pro', period: 'monthly' }, 'Plano Pro (mensal)', 'Pro plan (monthly)'],
    [
      { ...none, plan: 'pro', period: 'monthly', purpose: 'renewal' },
      'Plano Pro (mensal): renovação',
      'Pro plan (monthly): renewal',
    ],
    [{ ...none, addonType: 'consultation', quantity: 12 }, 'Horas de Consultoria: 12 h', 'Consultation Hours: 12 h'],
    [
      { ...none, addonType: 'tokens', pack: 'medium', quantity: 20 },
      'Tokens Extra: pack Medium (20M tokens)',
      'Extra Tokens: Medium pack (20M tokens)',
    ],
    [{ ...none, addonType: 'development', quantity: 3 }, 'Horas de Desenvolvimento: 3 h', 'Development Hours: 3 h'],
  ])('names %j as %j (pt-PT, as stored) and %j (en)', (codes, pt, en) => {
    expect(itemName(codes, 'pt-PT')).toBe(pt);
    expect(itemName(codes, 'en')).toBe(en);
  });

  it('keeps the stored text when the request names no language or the codes say nothing', () => {
    const codes = { ...none, plan: 'starter', period: 'yearly' };
    expect(describeItem(codes, 'Plano Starter (anual)', null)).toBe('Plano Starter (anual)');
    expect(describeItem(codes, 'Plano Starter (anual)', 'en')).toBe('Starter plan (yearly)');
    expect(describeItem({ ...none, addonType: 'tokens', pack: 'gone' }, 'Pacote antigo', 'en')).toBe('Pacote antigo');
    expect(describeItem(none, 'Linha antiga', 'en')).toBe('Linha antiga');
  });
});
