/**
 * The sandbox checkout's card fields, written as a person reads them on a card: the number in
 * groups of four, the expiry as MM/YY. The server checks the card; these only shape what is typed
 * and catch what is plainly incomplete before a round trip.
 */

/** Card numbers have at most 19 digits (ISO/IEC 7812). */
const MAX_CARD_DIGITS = 19;
const MIN_CARD_DIGITS = 12;

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** '4242424242424242' -> '4242 4242 4242 4242'. */
export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, MAX_CARD_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1' -> '1', '12' -> '12', '123' -> '12/3', '1/28' -> '01/28'; a month above 1 alone becomes '0M'. */
export function formatExpiry(value: string): string {
  const [rawMonth = '', rawYear] = value.split('/');
  if (rawYear !== undefined && digitsOf(rawMonth).length === 1) {
    return `0${digitsOf(rawMonth)}/${digitsOf(rawYear).slice(0, 2)}`;
  }
  let digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(value: string): string {
  return digitsOf(value).slice(0, 4);
}

/** The Luhn check every card number passes (Stripe's test numbers too). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export type CardProblem = 'cardNumber' | 'expiry' | 'expired' | 'cvc';

export function cardNumberProblem(value: string): CardProblem | null {
  const digits = digitsOf(value);
  return digits.length < MIN_CARD_DIGITS || digits.length > MAX_CARD_DIGITS || !passesLuhn(digits)
    ? 'cardNumber'
    : null;
}

/** MM/YY with a real month, not before the current month. */
export function expiryProblem(value: string, now: Date = new Date()): CardProblem | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return 'expiry';
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return 'expiry';
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) < thisMonth ? 'expired' : null;
}

export function cvcProblem(value: string): CardProblem | null {
  return /^\d{3,4}$/.test(value.trim()) ? null : 'cvc';
}

/** An expiry that is always in the future (December, five years on): what the test cards are used with. */
export function futureExpiry(now: Date = new Date()): string {
  return `12/${String((now.getFullYear() + 5) % 100).padStart(2, '0')}`;
}
