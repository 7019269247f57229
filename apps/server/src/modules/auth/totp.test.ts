import { HOTP, Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { isTotpCode, matchTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from './totp.js';

const secret = newTotpSecret();
const codeAt = (step: number) =>
  HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, digits: 6, algorithm: 'SHA1' });
// The middle of a step, so one step either side is unambiguous.
const now = (totpStep() + 0.5) * 30_000;
const step = totpStep(now);

describe('TOTP (RFC 6238)', () => {
  it('accepts the code of this step and of one step either side, once each and only forwards', () => {
    expect(matchTotp(secret, codeAt(step), null, now)).toBe(step);
    expect(matchTotp(secret, codeAt(step - 1), null, now)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(step + 1), null, now)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(step - 2), null, now)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 2), null, now)).toBeNull();
    // After a step was used, it and the ones before it are refused.
    expect(matchTotp(secret, codeAt(step), step, now)).toBeNull();
    expect(matchTotp(secret, codeAt(step - 1), step, now)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 1), step, now)).toBe(step + 1);
  });

  it('reads a code typed with spaces, and nothing that is not six digits', () => {
    const code = codeAt(step);
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, null, now)).toBe(step);
    expect(isTotpCode('123 456')).toBe(true);
    for (const typed of ['12345', '1234567', 'abcdef', '']) {
      expect(isTotpCode(typed)).toBe(false);
      expect(matchTotp(secret, typed, null, now)).toBeNull();
    }
  });

  it('gives an otpauth URI any authenticator app reads back to the same codes', () => {
    const uri = totpUri(secret, 'ana@example.com');
    const parsed = URI.parse(uri);
    if (!(parsed instanceof TOTP)) throw new Error('expected a TOTP URI');
    expect(parsed).toMatchObject({ issuer: 'Nuvem', label: 'ana@example.com', digits: 6, period: 30 });
    expect(parsed.generate({ timestamp: now })).toBe(codeAt(step));
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes, hashed the same however they are typed back', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [code = ''] = codes;
    expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(recoveryCodeHash(code.toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(code)).not.toBe(recoveryCodeHash(codes[1] ?? ''));
    expect(recoveryCodeHash(code)).not.toContain(code.replace('-', ''));
  });
});
