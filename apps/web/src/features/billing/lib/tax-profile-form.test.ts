import { billingCountries } from '@nuvem/contracts/tax';
import { describe, expect, it } from 'vitest';
import { billing as en } from '../i18n/en';
import { billing as pt } from '../i18n/pt-PT';
import {
  countryOptions,
  isBillingCountry,
  sortedCountries,
  taxProfileFormSchema,
  taxProfileFormValues,
} from './tax-profile-form';

const schema = taxProfileFormSchema({
  country: 'choose a country',
  vatFormat: (country, prefix) => `format ${country} ${prefix}`,
  vatOutsideEu: 'EU only',
});

const problems = (values: Record<string, string>) => {
  const result = schema.safeParse({ country: '', vatNumber: '', name: '', address: '', ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('taxProfileFormSchema', () => {
  it('needs a country, and a consumer gives no VAT number', () => {
    expect(problems({})).toEqual({ country: 'choose a country' });
    expect(problems({ country: 'PT' })).toEqual({});
    expect(problems({ country: 'US', name: 'Acme Inc.' })).toEqual({});
  });

  it("checks a VAT number against its country's format, as the server does", () => {
    expect(problems({ country: 'PT', vatNumber: 'PT 123 456 789' })).toEqual({});
    expect(problems({ country: 'DE', vatNumber: '123456789' })).toEqual({});
    expect(problems({ country: 'GR', vatNumber: 'EL123456789' })).toEqual({});
    expect(problems({ country: 'PT', vatNumber: '12345' })).toEqual({ vatNumber: 'format PT PT' });
    expect(problems({ country: 'GR', vatNumber: '12' })).toEqual({ vatNumber: 'format GR EL' });
    expect(problems({ country: 'US', vatNumber: '123456789' })).toEqual({ vatNumber: 'EU only' });
  });

  it("keeps the contract's limits", () => {
    expect(problems({ country: 'PT', name: 'x'.repeat(201) })).toHaveProperty('name');
    expect(problems({ country: 'PT', address: 'x'.repeat(501) })).toHaveProperty('address');
  });
});

describe('the form values', () => {
  it('come from the saved profile, blank where nothing is saved', () => {
    expect(taxProfileFormValues(undefined)).toEqual({ country: '', vatNumber: '', name: '', address: '' });
    expect(
      taxProfileFormValues({
        country: 'PT',
        vat_number: 'PT123456789',
        name: null,
        address: 'Rua 1',
        tax_rate_bp: 2300,
        tax_treatment: 'domestic',
        vat_number_checked_online: false,
        prices_include_vat: false,
      }),
    ).toEqual({ country: 'PT', vatNumber: 'PT123456789', name: '', address: 'Rua 1' });
  });
});

describe('the countries', () => {
  it('offer the EU and the usual others, and keep a saved one that is not among them', () => {
    expect(countryOptions(null)).toEqual(expect.arrayContaining(['PT', 'DE', 'US', 'GB']));
    expect(countryOptions(null)).not.toContain('NZ');
    expect(countryOptions('nz')).toContain('NZ');
  });

  it('are all named in both catalogues', () => {
    expect(Object.keys(en.countries).sort()).toEqual([...billingCountries].sort());
    expect(Object.keys(pt.countries).sort()).toEqual([...billingCountries].sort());
    expect(isBillingCountry('DE')).toBe(true);
    expect(isBillingCountry('NZ')).toBe(false);
  });

  it("are sorted by their names in the reader's language", () => {
    const nameOf = (code: string) => (isBillingCountry(code) ? pt.countries[code] : code);
    expect(sortedCountries(['PT', 'DE', 'AT', 'NZ'], nameOf, 'pt-PT').map((country) => country.name)).toEqual([
      'Alemanha',
      'Áustria',
      'NZ',
      'Portugal',
    ]);
  });
});
