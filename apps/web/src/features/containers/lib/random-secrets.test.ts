import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generatePassword, generateRandomString, generateSecret, randomInt, secretAlphabet } from './random-secrets';

/** The four classes, written out independently of the code under test. */
const classPatterns = [/[a-z]/, /[A-Z]/, /[0-9]/, /[-_.:+@%^,]/];

describe('random secrets', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes 16-character passwords and 32-character secrets over the alphabet', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      const secret = generateSecret();
      expect(password).toHaveLength(16);
      expect(secret).toHaveLength(32);
      expect(password + secret).toMatch(/^[a-zA-Z0-9\-_.:+@%^,]+$/);
    }
  });

  it('always holds a lower-case letter, an upper-case letter, a digit and a symbol', () => {
    for (let i = 0; i < 500; i++) {
      const value = generateRandomString(4);
      for (const pattern of classPatterns) expect(value).toMatch(pattern);
    }
  });

  it('never repeats itself', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => generatePassword()));
    expect(seen.size).toBe(1000);
  });

  it('uses only symbols that a shell and an env file keep literally', () => {
    for (const forbidden of ['"', "'", '\\', '$', '`', ' ', '=', '#', '!', '~', '*', '?', '&', ';', '|', '<', '>']) {
      expect(secretAlphabet).not.toContain(forbidden);
    }
    const value = generateSecret();
    // An unquoted assignment reads back exactly what was written.
    const echoed = execFileSync('bash', ['-c', `KEY=${value}; printf %s "$KEY"`], { encoding: 'utf8' });
    expect(echoed).toBe(value);
  });

  it('draws from crypto.getRandomValues and rejects the biased top of the range', () => {
    const draws = [0xffffffff, 7];
    const spy = vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      if (array instanceof Uint32Array) array[0] = draws.shift() ?? 0;
      return array;
    });
    // 2^32 is not a multiple of 10: 0xffffffff lies in the incomplete last block and is drawn again.
    expect(randomInt(10)).toBe(7);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('is roughly uniform over a small range', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[randomInt(3)]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(600);
  });

  it('refuses lengths too short to hold every class', () => {
    expect(() => generateRandomString(3)).toThrow(RangeError);
    expect(() => randomInt(0)).toThrow(RangeError);
  });
});
