import type { TaxTreatment } from '@nuvem/contracts/tax';

/** The amounts an order, a sandbox session and a plan-change preview all carry (cents). */
export interface ChargeAmounts {
  subtotal_cents: number;
  discount_cents: number;
  proration_cents: number;
  credit_applied_cents: number;
  net_cents: number;
  tax_rate_bp: number;
  tax_cents: number;
  tax_treatment: TaxTreatment;
  total_cents: number;
}

/** One line of what is charged, in the order a buyer reads it; reductions are positive amounts shown with a minus. */
export type ChargeLine =
  | { kind: 'subtotal'; cents: number }
  | { kind: 'discount'; cents: number }
  | { kind: 'proration'; cents: number }
  | { kind: 'credit'; cents: number }
  | { kind: 'net'; cents: number }
  | { kind: 'vat'; cents: number; rateBp: number; treatment: TaxTreatment }
  | { kind: 'total'; cents: number };

/**
 * The lines of a charge: the subtotal, each reduction there is (coupon, credit for the unused time
 * of a replaced plan, account credit), the amount VAT is charged on when it differs from the
 * subtotal, the VAT (always: at 0 it says why, reverse charge or outside the EU) and the total.
 */
export function chargeLines(amounts: ChargeAmounts): ChargeLine[] {
  const lines: ChargeLine[] = [{ kind: 'subtotal', cents: amounts.subtotal_cents }];
  if (amounts.discount_cents > 0) lines.push({ kind: 'discount', cents: amounts.discount_cents });
  if (amounts.proration_cents > 0) lines.push({ kind: 'proration', cents: amounts.proration_cents });
  if (amounts.credit_applied_cents > 0) lines.push({ kind: 'credit', cents: amounts.credit_applied_cents });
  if (amounts.net_cents !== amounts.subtotal_cents) lines.push({ kind: 'net', cents: amounts.net_cents });
  lines.push({
    kind: 'vat',
    cents: amounts.tax_cents,
    rateBp: amounts.tax_rate_bp,
    treatment: amounts.tax_treatment,
  });
  lines.push({ kind: 'total', cents: amounts.total_cents });
  return lines;
}

/** A VAT rate in basis points as a figure: 2300 -> 23, 2550 -> 25.5 (written in the reader's locale). */
export function vatRate(rateBp: number): number {
  return rateBp / 100;
}

/** Whether the VAT line needs a sentence beneath it (nothing charged, and why). */
export function vatNeedsNote(treatment: TaxTreatment): treatment is 'reverse_charge' | 'outside_eu' {
  return treatment === 'reverse_charge' || treatment === 'outside_eu';
}
