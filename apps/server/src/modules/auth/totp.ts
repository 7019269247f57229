import { randomBytes, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@nuvem/contracts/mfa';
import { HOTP, Secret, TOTP } from 'otpauth';
import { sha256 } from '../../lib/tokens.js';

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Nuvem';
/** Steps accepted either side of now: a phone's clock a little off, or a code typed as it changed. */
const WINDOW = 1;

/** A new TOTP secret (160 bits, RFC 4226's recommended size), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function totpUri(secret: string, accountName: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: accountName,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** The time step of a moment (RFC 6238's T). */
export function totpStep(now: number = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

const digitsOnly = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/** Whether a typed code looks like a TOTP code (six digits once spaces are removed). */
export function isTotpCode(code: string): boolean {
  return digitsOnly.test(code.replace(/\s+/g, ''));
}

/**
 * The time step whose code this is, within one step of now and later than `lastStep` (a code is
 * never accepted twice), or null. Every candidate is compared in constant time.
 */
export function matchTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  now: number = Date.now(),
): number | null {
  const typed = Buffer.from(code.replace(/\s+/g, ''));
  if (!digitsOnly.test(typed.toString())) return null;
  const key = Secret.fromBase32(secret);
  const current = totpStep(now);
  let matched: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step += 1) {
    const expected = Buffer.from(HOTP.generate({ secret: key, counter: step, digits: TOTP_DIGITS, algorithm: 'SHA1' }));
    if (timingSafeEqual(expected, typed) && matched === null && (lastStep === null || step > lastStep)) matched = step;
  }
  return matched;
}

// Crockford's base32 without the letters that read like others (i, l, o, u): easy to type back.
const recoveryAlphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten new recovery codes, `xxxxx-xxxxx` (50 random bits each). */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from(randomBytes(10), (byte) => recoveryAlphabet.charAt(byte % 32)).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as stored: the hash of its normalised form (case, dashes and spaces ignored). */
export function recoveryCodeHash(code: string): string {
  const normalised = code
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[o]/g, '0')
    .replace(/[il]/g, '1');
  return sha256(`nuvem-recovery-code:${normalised}`);
}
