import { taxProfileBodySchema, type TaxProfile } from '@nuvem/contracts/billing';
import { billingCountries, checkVatNumber, euVat } from '@nuvem/contracts/tax';
import { z } from 'zod';
import type { billing as catalogue } from '../i18n/en';

/** The billing-details form: every field a string (a blank one clears it on the server). */
export interface TaxProfileFormValues {
  country: string;
  vatNumber: string;
  name: string;
  address: string;
}

export interface TaxProfileFormMessages {
  country: string;
  vatFormat: (country: string, prefix: string) => string;
  vatOutsideEu: string;
}

export const taxProfileFields = ['country', 'vatNumber', 'name', 'address'] as const;

/** The form's values from the saved profile (blank where nothing is saved). */
export function taxProfileFormValues(profile: TaxProfile | undefined): TaxProfileFormValues {
  return {
    country: profile?.country ?? '',
    vatNumber: profile?.vat_number ?? '',
    name: profile?.name ?? '',
    address: profile?.address ?? '',
  };
}

/**
 * The contract's body fields, with the country required and the VAT number checked as the server checks it (`checkVatNumber`: the
 * country's format, in the EU only), so the problem shows beside the field before anything is sent.
 */
export function taxProfileFormSchema(messages: TaxProfileFormMessages) {
  const body = taxProfileBodySchema.shape;
  return z
    .object({
      country: z.string().trim(),
      // The contract's fields (trimmed, their lengths), required here as strings: blank clears.
      vatNumber: body.vatNumber.unwrap(),
      name: body.name.unwrap(),
      address: body.address.unwrap(),
    })
    .superRefine((values, ctx) => {
      const country = values.country.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(country)) {
        ctx.addIssue({ code: 'custom', path: ['country'], message: messages.country });
        return;
      }
      const vatNumber = values.vatNumber.trim();
      if (vatNumber === '') return;
      const eu = euVat[country];
      if (!eu) {
        ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: messages.vatOutsideEu });
      } else if (!checkVatNumber(country, vatNumber).ok) {
        ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: messages.vatFormat(country, eu.prefix) });
      }
    });
}

/** The countries of the select, with the saved one kept even when it is not one of the usual ones. */
export function countryOptions(saved: string | null | undefined): string[] {
  const list: string[] = [...billingCountries];
  if (saved && !list.includes(saved.toUpperCase())) list.push(saved.toUpperCase());
  return list;
}

/** A country the message catalogue names: the contracts' `billingCountries` (a test holds the two together). */
export type BillingCountry = keyof typeof catalogue.countries;

/** Whether the catalogue names the country (any other code, saved before, is shown as its code). */
export function isBillingCountry(code: string): code is BillingCountry {
  return (billingCountries as readonly string[]).includes(code);
}

/** The countries with their names (`nameOf`, from the catalogue), sorted by name in the reader's language. */
export function sortedCountries(
  codes: readonly string[],
  nameOf: (code: string) => string,
  locale: string,
): { code: string; name: string }[] {
  return codes.map((code) => ({ code, name: nameOf(code) })).sort((a, b) => a.name.localeCompare(b.name, locale));
}
