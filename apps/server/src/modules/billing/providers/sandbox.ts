import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './payment-provider.js';

/**
 * The sandbox driver (the default without STRIPE_SECRET_KEY, shown as 'Sandbox payments'): the
 * checkout is the portal's own page /checkout/sandbox/<session>, whose test card form pays the
 * order through the billing service's fulfilment. No money moves.
 */
export function createSandboxProvider(publicUrl: URL): PaymentProvider {
  return {
    kind: 'sandbox',
    async createCheckout() {
      const sessionId = `cs_sandbox_${randomBytes(18).toString('base64url')}`;
      return { sessionId, url: new URL(`/checkout/sandbox/${sessionId}`, publicUrl).toString() };
    },
    async expireCheckout() {},
    async cancelAtPeriodEnd() {},
    async cancelNow() {},
    async customerPortal() {
      throw new Error('the sandbox has no customer portal');
    },
    async mirrorCoupon() {
      return null;
    },
  };
}

/** Stripe's test card numbers the sandbox knows. */
const testCards: Record<string, 'succeeds' | 'declined'> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': 'declined',
};

export type SandboxCardResult =
  { ok: true; last4: string } | { ok: false; status: 400 | 402; code: string; message: string };

/** What the sandbox makes of a card: the test numbers succeed or are declined; anything else is refused. */
export function checkSandboxCard(
  card: { cardNumber: string; expiry: string; cvc: string },
  now: Date,
): SandboxCardResult {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) {
    return { ok: false, status: 400, code: 'incomplete_number', message: 'Your card number is incomplete.' };
  }
  if (!luhn(number)) {
    return { ok: false, status: 400, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  const yearText = expiry?.[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (!expiry || month < 1 || month > 12) {
    return { ok: false, status: 400, code: 'invalid_expiry', message: "Your card's expiration date is incomplete." };
  }
  // A card works until the end of its expiry month.
  if (new Date(Date.UTC(year, month, 1)) <= now) {
    return { ok: false, status: 400, code: 'expired_card', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { ok: false, status: 400, code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  }
  const outcome = testCards[number];
  if (outcome === 'succeeds') return { ok: true, last4: number.slice(-4) };
  if (outcome === 'declined') {
    return { ok: false, status: 402, code: 'card_declined', message: 'Your card was declined.' };
  }
  return {
    ok: false,
    status: 402,
    code: 'test_mode_live_card',
    message: 'Sandbox payments take test cards only: use 4242 4242 4242 4242. No real card is charged here.',
  };
}

function luhn(digits: string): boolean {
  let total = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}
