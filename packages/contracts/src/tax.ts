/**
 * VAT, as the EU applies it to electronically supplied services (one pure module for the server,
 * which prices every order, and the Billing page, which explains it):
 *
 * - a buyer in the seller's own country pays the seller's rate (`domestic`), business or not;
 * - a consumer elsewhere in the EU pays their own country's rate (`oss`: the One-Stop Shop);
 * - a business elsewhere in the EU with a VAT number of the right format pays none: the buyer
 *   accounts for it (`reverse_charge`);
 * - a buyer outside the EU pays none (`outside_eu`: out of scope of EU VAT).
 *
 * VAT numbers are checked for their country's format only: VIES (the EU's register) cannot be
 * reached from here, so a number is not confirmed to exist.
 */

/** ISO 3166-1 alpha-2 -> the standard VAT rate in basis points (2300 = 23%) and the VAT-number prefix. */
export const euVat: Readonly<Record<string, { rateBp: number; prefix: string; format: RegExp }>> = {
  AT: { rateBp: 2000, prefix: 'AT', format: /^U\d{8}$/ },
  BE: { rateBp: 2100, prefix: 'BE', format: /^[01]\d{9}$/ },
  BG: { rateBp: 2000, prefix: 'BG', format: /^\d{9,10}$/ },
  CY: { rateBp: 1900, prefix: 'CY', format: /^\d{8}[A-Z]$/ },
  CZ: { rateBp: 2100, prefix: 'CZ', format: /^\d{8,10}$/ },
  DE: { rateBp: 1900, prefix: 'DE', format: /^\d{9}$/ },
  DK: { rateBp: 2500, prefix: 'DK', format: /^\d{8}$/ },
  EE: { rateBp: 2400, prefix: 'EE', format: /^\d{9}$/ },
  ES: { rateBp: 2100, prefix: 'ES', format: /^[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: { rateBp: 2550, prefix: 'FI', format: /^\d{8}$/ },
  FR: { rateBp: 2000, prefix: 'FR', format: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ },
  GR: { rateBp: 2400, prefix: 'EL', format: /^\d{9}$/ },
  HR: { rateBp: 2500, prefix: 'HR', format: /^\d{11}$/ },
  HU: { rateBp: 2700, prefix: 'HU', format: /^\d{8}$/ },
  IE: { rateBp: 2300, prefix: 'IE', format: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { rateBp: 2200, prefix: 'IT', format: /^\d{11}$/ },
  LT: { rateBp: 2100, prefix: 'LT', format: /^(\d{9}|\d{12})$/ },
  LU: { rateBp: 1700, prefix: 'LU', format: /^\d{8}$/ },
  LV: { rateBp: 2100, prefix: 'LV', format: /^\d{11}$/ },
  MT: { rateBp: 1800, prefix: 'MT', format: /^\d{8}$/ },
  NL: { rateBp: 2100, prefix: 'NL', format: /^\d{9}B\d{2}$/ },
  PL: { rateBp: 2300, prefix: 'PL', format: /^\d{10}$/ },
  PT: { rateBp: 2300, prefix: 'PT', format: /^\d{9}$/ },
  RO: { rateBp: 2100, prefix: 'RO', format: /^\d{2,10}$/ },
  SE: { rateBp: 2500, prefix: 'SE', format: /^\d{10}01$/ },
  SI: { rateBp: 2200, prefix: 'SI', format: /^\d{8}$/ },
  SK: { rateBp: 2300, prefix: 'SK', format: /^\d{10}$/ },
};

/** Countries the Billing page offers: the EU's, then others buyers often come from (any ISO code is accepted). */
export const billingCountries = [
  ...Object.keys(euVat),
  'GB',
  'CH',
  'NO',
  'IS',
  'US',
  'CA',
  'BR',
  'AO',
  'MZ',
  'CV',
  'AU',
  'JP',
  'IN',
] as const;

/** ISO 3166-1 alpha-2 codes in use (a country a buyer can be billed in; 'EL' is Greece's VAT prefix, not a country). */
const isoCountries = new Set(
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  ),
);

export function isCountryCode(code: string): boolean {
  return isoCountries.has(code.toUpperCase());
}

export const taxTreatments = ['domestic', 'oss', 'reverse_charge', 'outside_eu'] as const;
export type TaxTreatment = (typeof taxTreatments)[number];

export function isEuCountry(country: string | null | undefined): boolean {
  return typeof country === 'string' && Object.hasOwn(euVat, country.toUpperCase());
}

export const vatMessages = {
  country: 'Choose the country you are billed in (two letters, as PT).',
  vatNumberFormat: (country: string, prefix: string) =>
    `This is not a VAT number of ${country}: it should start ${prefix} and follow that country's format.`,
  vatNumberOutsideEu: 'VAT numbers are for businesses in the EU; leave it empty for another country.',
  vatNumberOtherCountry: (country: string, other: string) =>
    `This is a VAT number of ${other}, not of ${country}: choose ${other} as the country, or enter the ${country} number.`,
} as const;

export type VatNumberCheck = { ok: true; vatNumber: string } | { ok: false; message: string };

/**
 * A VAT number as entered (spaces, dots, dashes, lower case, with or without its prefix) checked
 * against its country's format; on success it comes back normalised with its prefix ('PT123456789').
 */
export function checkVatNumber(country: string, input: string): VatNumberCheck {
  const code = country.toUpperCase();
  const entry = euVat[code];
  if (!entry) return { ok: false, message: vatMessages.vatNumberOutsideEu };
  let compact = input.toUpperCase().replace(/[\s.\-/]/g, '');
  if (compact.startsWith(entry.prefix)) {
    compact = compact.slice(entry.prefix.length);
  } else {
    // Another member state's prefix with that state's format ('DE123456789' for France, whose own
    // numbers may start with two letters) is that state's number, not this one's.
    const other = Object.entries(euVat).find(
      ([, vat]) => compact.startsWith(vat.prefix) && vat.format.test(compact.slice(vat.prefix.length)),
    );
    if (other) return { ok: false, message: vatMessages.vatNumberOtherCountry(code, other[0]) };
  }
  if (!entry.format.test(compact)) return { ok: false, message: vatMessages.vatNumberFormat(code, entry.prefix) };
  return { ok: true, vatNumber: `${entry.prefix}${compact}` };
}

export interface VatDecision {
  /** Basis points (2300 = 23%). */
  rateBp: number;
  treatment: TaxTreatment;
}

/**
 * The VAT an order carries. `buyerCountry` null (not given yet) counts as the seller's country;
 * `vatNumber` is a number already checked (`checkVatNumber`) or null for a consumer.
 */
export function vatFor(input: {
  sellerCountry: string;
  buyerCountry: string | null;
  vatNumber: string | null;
}): VatDecision {
  const seller = input.sellerCountry.toUpperCase();
  const buyer = (input.buyerCountry ?? seller).toUpperCase();
  const sellerVat = euVat[seller];
  if (!sellerVat) return { rateBp: 0, treatment: 'outside_eu' };
  if (buyer === seller) return { rateBp: sellerVat.rateBp, treatment: 'domestic' };
  const buyerVat = euVat[buyer];
  if (!buyerVat) return { rateBp: 0, treatment: 'outside_eu' };
  if (input.vatNumber && checkVatNumber(buyer, input.vatNumber).ok) return { rateBp: 0, treatment: 'reverse_charge' };
  return { rateBp: buyerVat.rateBp, treatment: 'oss' };
}

/** The VAT on a net amount in cents, rounded to the cent (half up). */
export function taxOf(netCents: number, rateBp: number): number {
  return Math.round((netCents * rateBp) / 10_000);
}

/** A rate in basis points as people read it: 2300 -> '23', 2550 -> '25.5'. */
export function formatRate(rateBp: number): string {
  return String(rateBp / 100);
}
