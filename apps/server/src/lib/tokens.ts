import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token, base64url (43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex: what is stored in place of a token. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
