import { randomBytes } from 'node:crypto';
import { idPrefixes, type IdKind } from '@nuvem/contracts/common';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
const length = 25; // 25 base-36 characters carry 129 bits of randomness

/** A prefixed, URL-safe random id such as `usr_3k9x…`, e.g. for log lines that say what they name. */
export function newId(kind: IdKind): string {
  let body = '';
  while (body.length < length) {
    for (const byte of randomBytes(32)) {
      // 252 = 7 * 36: rejecting larger bytes keeps every character equally likely.
      if (byte < 252 && body.length < length) body += alphabet.charAt(byte % 36);
    }
  }
  return `${idPrefixes[kind]}_${body}`;
}
