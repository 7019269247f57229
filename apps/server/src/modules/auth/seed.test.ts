import { describe, expect, it } from 'vitest';
import { generatePassword } from './seed.js';

describe('generatePassword', () => {
  it('gives 16 characters with an upper-case letter, a lower-case letter, a digit and a symbol', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
    }
    expect(new Set(Array.from({ length: 100 }, () => generatePassword())).size).toBe(100);
  });
});
