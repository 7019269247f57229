import { describe, expect, it } from 'vitest';
import { chargeLines, vatNeedsNote, vatRate, type ChargeAmounts } from './charge-lines';

const plain: ChargeAmounts = {
  subtotal_cents: 9900,
  discount_cents: 0,
  proration_cents: 0,
  credit_applied_cents: 0,
  net_cents: 9900,
  tax_rate_bp: 2300,
  tax_cents: 2277,
  tax_treatment: 'domestic',
  total_cents: 12177,
};

describe('chargeLines', () => {
  it('is the subtotal, the VAT and the total when nothing is taken off', () => {
    expect(chargeLines(plain)).toEqual([
      { kind: 'subtotal', cents: 9900 },
      { kind: 'vat', cents: 2277, rateBp: 2300, treatment: 'domestic' },
      { kind: 'total', cents: 12177 },
    ]);
  });

  it('lists each reduction, then the amount VAT is charged on', () => {
    const lines = chargeLines({
      ...plain,
      discount_cents: 990,
      proration_cents: 5000,
      credit_applied_cents: 910,
      net_cents: 3000,
      tax_cents: 690,
      total_cents: 3690,
    });
    expect(lines.map((line) => [line.kind, line.cents])).toEqual([
      ['subtotal', 9900],
      ['discount', 990],
      ['proration', 5000],
      ['credit', 910],
      ['net', 3000],
      ['vat', 690],
      ['total', 3690],
    ]);
  });

  it('keeps the VAT line at 0, to say why none is charged', () => {
    const lines = chargeLines({
      ...plain,
      tax_rate_bp: 0,
      tax_cents: 0,
      tax_treatment: 'reverse_charge',
      total_cents: 9900,
    });
    expect(lines).toContainEqual({ kind: 'vat', cents: 0, rateBp: 0, treatment: 'reverse_charge' });
  });
});

describe('VAT figures', () => {
  it('writes a rate in basis points as a percentage figure', () => {
    expect(vatRate(2300)).toBe(23);
    expect(vatRate(2550)).toBe(25.5);
  });

  it('explains the treatments that charge none', () => {
    expect(vatNeedsNote('reverse_charge')).toBe(true);
    expect(vatNeedsNote('outside_eu')).toBe(true);
    expect(vatNeedsNote('domestic')).toBe(false);
    expect(vatNeedsNote('oss')).toBe(false);
  });
});
