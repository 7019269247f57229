import { hash, randomBytes } from 'node:crypto';

/** A 256-bit random token, base64url (43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex: what is stored in place of a token. One-shot (no Hash object): the SSO check hashes twice per call. */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base62 characters from the system's CSPRNG, each equally likely (5.95 bits each). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length + 8)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += base62.charAt(byte % 62);
    }
  }
  return out;
}
