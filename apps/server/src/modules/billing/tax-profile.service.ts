import type { TaxProfile } from '@nuvem/contracts/billing';
import { checkVatNumber, vatFor } from '@nuvem/contracts/tax';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { customersRepository, type BillingCustomerRow } from './customers.repository.js';
import type { BillingDatabase } from './invoices.repository.js';

/** The body of PUT /tax-profile once the contract's schema parsed it. */
export interface TaxProfileInput {
  country: string;
  vatNumber?: string | undefined;
  name?: string | undefined;
  address?: string | undefined;
}

const blankAsNull = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/**
 * The buyer's billing details (country, VAT number, name, address): the country decides the VAT of
 * the next checkouts; an EU business's VAT number (checked for its country's format: VIES cannot be
 * reached from here) makes a purchase from another EU country reverse charge.
 */
export function createTaxProfile(deps: { db: BillingDatabase; config: Pick<AppConfig, 'payments'> }) {
  const customers = customersRepository(deps.db);
  const sellerCountry = deps.config.payments.seller.country;

  function view(row: BillingCustomerRow | undefined): TaxProfile {
    const country = row?.country ?? null;
    const vatNumber = row?.vatNumber ?? null;
    const vat = vatFor({ sellerCountry, buyerCountry: country, vatNumber });
    return {
      country,
      vat_number: vatNumber,
      name: row?.name ?? null,
      address: row?.address ?? null,
      tax_rate_bp: vat.rateBp,
      tax_treatment: vat.treatment,
      vat_number_checked_online: false,
      prices_include_vat: false,
    };
  }

  async function get(userId: string): Promise<TaxProfile> {
    return view(await customers.findCustomer(userId));
  }

  /** Saves the details; a VAT number not of the country's format is a 400 on the field, with nothing saved. */
  async function put(userId: string, input: TaxProfileInput): Promise<TaxProfile> {
    const entered = blankAsNull(input.vatNumber);
    let vatNumber: string | null = null;
    if (entered) {
      const checked = checkVatNumber(input.country, entered);
      if (!checked.ok) {
        throw new AppError(
          400,
          checked.message,
          'INVALID_VAT_NUMBER',
          {},
          {
            details: [{ path: 'body.vatNumber', message: checked.message }],
          },
        );
      }
      vatNumber = checked.vatNumber;
    }
    const row = await customers.saveDetails(userId, {
      country: input.country,
      vatNumber,
      name: blankAsNull(input.name),
      address: blankAsNull(input.address),
    });
    return view(row);
  }

  return { get, put };
}

export type TaxProfileService = ReturnType<typeof createTaxProfile>;
