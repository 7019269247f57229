import { describe, expect, it } from 'vitest';
import { displayNameSchema, normalizeDisplayName, passwordRule, registerBodySchema } from './auth';
import { updateProfileBodySchema } from './profiles';

const valid = { email: 'ana@example.com', password: 'a long passphrase', displayName: 'Ana' };
const issues = (input: unknown) =>
  registerBodySchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('registration body', () => {
  it('refuses a password of only whitespace, whatever its length', () => {
    for (const password of [' '.repeat(8), '\t'.repeat(10), ' \u00a0 \u2003 \u3000  ']) {
      expect(issues({ ...valid, password })).toEqual(['password: must not be only spaces']);
    }
    // Spaces inside a passphrase are fine.
    expect(registerBodySchema.safeParse({ ...valid, password: '  two words  ' }).success).toBe(true);
  });

  it('keeps the length rule, and states the rule for the form', () => {
    expect(issues({ ...valid, password: 'short' })).toEqual(['password: must be 8 to 128 characters']);
    expect(passwordRule).toBe('At least 8 characters; not a common or leaked password.');
  });
});

describe('display names', () => {
  it('removes bidirectional controls and other invisible format characters, then trims', () => {
    const bidi = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    expect(displayNameSchema.parse(`\u202eevil`)).toBe('evil');
    expect(displayNameSchema.parse(` ${bidi}Ana${bidi} Souza `)).toBe('Ana Souza');
    expect(displayNameSchema.parse('\u200bAna\ufeff\u2060\u00ad')).toBe('Ana');
    expect(registerBodySchema.parse({ ...valid, displayName: '\u202eevil' }).displayName).toBe('evil');
    expect(updateProfileBodySchema.parse({ displayName: '\u2067Ana\u2069' }).displayName).toBe('Ana');
  });

  it('keeps joiners that shape a word or an emoji, but not at the edges', () => {
    const family = '\u{1F469}\u200d\u{1F467}';
    expect(displayNameSchema.parse(`Ana ${family}`)).toBe(`Ana ${family}`);
    expect(displayNameSchema.parse('\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645')).toBe(
      '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645',
    );
    expect(displayNameSchema.parse('\u200dAna\u200c')).toBe('Ana');
  });

  it('still needs 1 to 80 visible characters', () => {
    for (const name of ['\u202e', '\u202e \u200f', '\u200d', ' \u3164 ']) {
      expect(displayNameSchema.safeParse(name).success).toBe(false);
      expect(issues({ ...valid, displayName: name })).toEqual(['displayName: must be 1 to 80 characters']);
      expect(updateProfileBodySchema.safeParse({ displayName: name }).success).toBe(false);
    }
    expect(displayNameSchema.parse(`${'x'.repeat(80)}\u202e`)).toBe('x'.repeat(80));
    expect(displayNameSchema.safeParse('x'.repeat(81)).success).toBe(false);
  });

  it("normalizes a provider's name for storage: cleaned, at most 80 characters, null when nothing is left", () => {
    expect(normalizeDisplayName('\u202eMallory\u202c')).toBe('Mallory');
    expect(normalizeDisplayName('line\nbreak\ttab')).toBe('line break tab');
    expect(normalizeDisplayName('\u202e \u200f')).toBeNull();
    expect(normalizeDisplayName(null)).toBeNull();
    expect(normalizeDisplayName('\u{1F600}'.repeat(41))).toBe('\u{1F600}'.repeat(40)); // 80 UTF-16 units, no half emoji
  });
});
