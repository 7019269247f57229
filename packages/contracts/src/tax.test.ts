import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxProfileBodySchema } from './billing.js';
import {
  billingCountries,
  checkVatNumber,
  euVat,
  formatRate,
  isCountryCode,
  isEuCountry,
  taxOf,
  vatFor,
  vatMessages,
} from './tax.js';

describe('EU VAT rates', () => {
  it('has the 27 member states with their standard rates', () => {
    expect(Object.keys(euVat)).toHaveLength(27);
    expect(euVat.PT?.rateBp).toBe(2300);
    expect(euVat.DE?.rateBp).toBe(1900);
    expect(euVat.FR?.rateBp).toBe(2000);
    expect(euVat.HU?.rateBp).toBe(2700);
    expect(euVat.LU?.rateBp).toBe(1700);
    expect(euVat.FI?.rateBp).toBe(2550);
    expect(formatRate(2550)).toBe('25.5');
    expect(formatRate(2300)).toBe('23');
  });

  it('offers every EU country on the Billing page, and others after them', () => {
    for (const country of Object.keys(euVat)) expect(billingCountries).toContain(country);
    expect(billingCountries).toContain('US');
    expect(isEuCountry('pt')).toBe(true);
    expect(isEuCountry('GB')).toBe(false);
    expect(isEuCountry(null)).toBe(false);
  });
});

describe('VAT numbers, checked for their country format', () => {
  it.each([
    ['PT', 'PT 123 456 789', 'PT123456789'],
    ['PT', '123456789', 'PT123456789'],
    ['DE', 'de-123.456.789', 'DE123456789'],
    ['AT', 'ATU12345678', 'ATU12345678'],
    ['FR', 'FR 4A 123456789', 'FR4A123456789'],
    ['NL', 'NL123456789B01', 'NL123456789B01'],
    ['ES', 'ESX1234567Z', 'ESX1234567Z'],
    ['GR', '123456789', 'EL123456789'],
    ['GR', 'EL 123456789', 'EL123456789'],
    ['SE', '556677889901', 'SE556677889901'],
    ['IE', '1234567T', 'IE1234567T'],
    ['IE', '1234567WA', 'IE1234567WA'],
  ])('accepts %s %s as %s', (country, input, normalised) => {
    expect(checkVatNumber(country, input)).toEqual({ ok: true, vatNumber: normalised });
  });

  it.each([
    ['PT', '12345678'],
    ['PT', 'PT1234567890'],
    ['DE', 'DE12345678'],
    ['AT', 'AT12345678'],
    ['NL', 'NL123456789'],
    ['SE', '556677889902'],
    ['GR', 'GR123456789'],
    ['FR', 'FRIO123456789'],
  ])('refuses %s %s, naming the country and its prefix', (country, input) => {
    const entry = euVat[country];
    expect(checkVatNumber(country, input)).toEqual({
      ok: false,
      message: vatMessages.vatNumberFormat(country, entry?.prefix ?? ''),
    });
  });

  it("refuses another member state's number, even where it would fit the country's format", () => {
    // French numbers may start with two letters: 'DE123456789' fits France's format, but is German.
    expect(checkVatNumber('FR', 'DE123456789')).toEqual({
      ok: false,
      message: vatMessages.vatNumberOtherCountry('FR', 'DE'),
    });
    expect(checkVatNumber('FR', 'FRDE123456789')).toEqual({ ok: true, vatNumber: 'FRDE123456789' });
  });

  it('refuses a VAT number outside the EU', () => {
    expect(checkVatNumber('US', '123456789')).toEqual({ ok: false, message: vatMessages.vatNumberOutsideEu });
    expect(checkVatNumber('GB', 'GB123456789')).toEqual({ ok: false, message: vatMessages.vatNumberOutsideEu });
  });
});

describe('the VAT an order carries', () => {
  const sellerCountry = 'PT';

  it('charges the seller country rate at home, business or not, and without a country yet', () => {
    expect(vatFor({ sellerCountry, buyerCountry: 'PT', vatNumber: null })).toEqual({
      rateBp: 2300,
      treatment: 'domestic',
    });
    expect(vatFor({ sellerCountry, buyerCountry: 'PT', vatNumber: 'PT123456789' })).toEqual({
      rateBp: 2300,
      treatment: 'domestic',
    });
    expect(vatFor({ sellerCountry, buyerCountry: null, vatNumber: null })).toEqual({
      rateBp: 2300,
      treatment: 'domestic',
    });
  });

  it("charges an EU consumer their own country's rate (OSS)", () => {
    expect(vatFor({ sellerCountry, buyerCountry: 'DE', vatNumber: null })).toEqual({ rateBp: 1900, treatment: 'oss' });
    expect(vatFor({ sellerCountry, buyerCountry: 'hu', vatNumber: null })).toEqual({ rateBp: 2700, treatment: 'oss' });
  });

  it('charges no VAT to an EU business with a valid number elsewhere (reverse charge), but does with a bad one', () => {
    expect(vatFor({ sellerCountry, buyerCountry: 'DE', vatNumber: 'DE123456789' })).toEqual({
      rateBp: 0,
      treatment: 'reverse_charge',
    });
    // A number of another country's format is not a business of the buyer's country.
    expect(vatFor({ sellerCountry, buyerCountry: 'FR', vatNumber: 'DE123456789' })).toEqual({
      rateBp: 2000,
      treatment: 'oss',
    });
  });

  it('charges no VAT outside the EU, and none at all for a seller outside it', () => {
    expect(vatFor({ sellerCountry, buyerCountry: 'US', vatNumber: null })).toEqual({
      rateBp: 0,
      treatment: 'outside_eu',
    });
    expect(vatFor({ sellerCountry: 'CH', buyerCountry: 'PT', vatNumber: null })).toEqual({
      rateBp: 0,
      treatment: 'outside_eu',
    });
  });

  it('rounds VAT half up to the cent', () => {
    expect(taxOf(9900, 2300)).toBe(2277);
    expect(taxOf(1, 2300)).toBe(0);
    expect(taxOf(50, 1000)).toBe(5);
    expect(taxOf(25, 2000)).toBe(5);
    expect(taxOf(0, 2300)).toBe(0);
  });

  it('never makes the total less than the net, nor VAT above the rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...Object.values(euVat)), (net, vat) => {
        const tax = taxOf(net, vat.rateBp);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(Math.abs(tax - (net * vat.rateBp) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('country codes', () => {
  it('takes ISO 3166 codes only: not made-up ones, nor Greece by its VAT prefix', () => {
    expect(['PT', 'gr', 'US', 'BR', 'AO'].every(isCountryCode)).toBe(true);
    expect(['XX', 'EL', 'UK', 'EU', 'ZZ'].some(isCountryCode)).toBe(false);
    expect(taxProfileBodySchema.safeParse({ country: 'XX' }).success).toBe(false);
    expect(taxProfileBodySchema.safeParse({ country: 'el' }).success).toBe(false);
    expect(taxProfileBodySchema.parse({ country: 'de' }).country).toBe('DE');
  });
});
