import { sandboxCards } from '@nuvem/contracts/billing';
import { describe, expect, it } from 'vitest';
import {
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  futureExpiry,
  passesLuhn,
} from './card-input';

describe('card fields', () => {
  it('groups the card number in fours and drops anything but digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('writes the expiry as MM/YY while it is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/2')).toBe('12/2');
    expect(formatExpiry('1/28')).toBe('01/28');
    expect(formatExpiry('12/289')).toBe('12/28');
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('knows the test cards are well-formed numbers and a typo is not', () => {
    expect(passesLuhn(sandboxCards.succeeds)).toBe(true);
    expect(passesLuhn(sandboxCards.declined)).toBe(true);
    expect(cardNumberProblem(formatCardNumber(sandboxCards.succeeds))).toBeNull();
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe('cardNumber');
    expect(cardNumberProblem('4242 4242')).toBe('cardNumber');
  });

  it('refuses a malformed or past expiry and a short CVC', () => {
    const now = new Date(2026, 4, 15); // May 2026
    expect(expiryProblem('05/26', now)).toBeNull();
    expect(expiryProblem('12/30', now)).toBeNull();
    expect(expiryProblem('04/26', now)).toBe('expired');
    expect(expiryProblem('13/30', now)).toBe('expiry');
    expect(expiryProblem('1/30', now)).toBe('expiry');
    expect(cvcProblem('123')).toBeNull();
    expect(cvcProblem('1234')).toBeNull();
    expect(cvcProblem('12')).toBe('cvc');
  });
});

describe('futureExpiry', () => {
  it('is December five years on, which the card check takes as valid', () => {
    const now = new Date(2026, 2, 5);
    expect(futureExpiry(now)).toBe('12/31');
    expect(expiryProblem(futureExpiry(now), now)).toBeNull();
    expect(futureExpiry(new Date(2096, 0, 1))).toBe('12/01');
  });
});
