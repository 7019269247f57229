import { describe, expect, it } from 'vitest';
import { displayNameSchema, normalizeDisplayName, passwordMessages, passwordRule, registerBodySchema } from './auth';
import { updateProfileBodySchema } from './profiles';

const blankMessage = 'must contain letters, digits or symbols, not only spaces or invisible characters';
const valid = { email: 'ana@example.com', password: 'a long passphrase', displayName: 'Ana' };
const issues = (input: unknown) =>
  registerBodySchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('registration body', () => {
  it('refuses a password of only whitespace, whatever its length', () => {
    for (const password of [' '.repeat(8), '\t'.repeat(10), ' \u00a0 \u2003 \u3000  ']) {
      expect(issues({ ...valid, password })).toEqual([`password: ${blankMessage}`]);
    }
    // Spaces inside a passphrase are fine.
    expect(registerBodySchema.safeParse({ ...valid, password: '  two words  ' }).success).toBe(true);
  });

  it('refuses a password that only looks like something: invisible, blank-looking or bare combining marks', () => {
    for (const password of [
      '\u200b'.repeat(8),
      '\u2800'.repeat(8), // Braille pattern blank
      '\u0301'.repeat(8), // combining accents with nothing to sit on
      '\u3164\u00ad\u2060\u034f\ufe0f \u2800\u200b\u0300',
    ]) {
      expect(issues({ ...valid, password })).toEqual([`password: ${blankMessage}`]);
    }
  });

  it('counts the length without invisible characters', () => {
    expect(issues({ ...valid, password: `abc${'\u200b'.repeat(6)}` })).toEqual([
      'password: must be 8 to 128 characters',
    ]);
  });

  it('accepts a good password with accents, emoji or other scripts, as typed', () => {
    for (const password of [
      'crème brûlée 42',
      'plum \u2764\ufe0f orbit',
      '\u6625\u7720\u4e0d\u89c9\u6653\u5904\u5904\u95fb',
    ]) {
      expect(registerBodySchema.parse({ ...valid, password }).password).toBe(password);
    }
  });

  it('keeps the length rule, and states the rule for the form', () => {
    expect(issues({ ...valid, password: 'short' })).toEqual(['password: must be 8 to 128 characters']);
    expect(passwordRule).toBe('At least 8 characters; not a common or leaked password.');
    expect(passwordMessages.blank).toBe(blankMessage);
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
    expect(normalizeDisplayName('\u034f\u2800 \ufe0f\ufe0f')).toBeNull();
    expect(normalizeDisplayName('\u0301\u0301')).toBeNull();
    expect(normalizeDisplayName(`Mallory${'\u0301'.repeat(10)}`)).toBe(`Mallory${'\u0301'.repeat(4)}`);
  });

  it('refuses names that only look like something: grapheme joiners, variation selectors, blank symbols, bare marks', () => {
    for (const name of ['\u034f', '\ufe0f\ufe0f', '\u2800', '\u2800\u2800 \u3164', '\u{e0100}']) {
      expect(issues({ ...valid, displayName: name })).toEqual(['displayName: must be 1 to 80 characters']);
      expect(updateProfileBodySchema.safeParse({ displayName: name }).success).toBe(false);
    }
    for (const name of ['\u0301', '\u0301'.repeat(3), ' \u20dd\u034f\u0308 ']) {
      expect(issues({ ...valid, displayName: name })).toEqual(['displayName: must contain a visible character']);
      expect(updateProfileBodySchema.safeParse({ displayName: name }).success).toBe(false);
    }
  });

  it('caps a stack of combining marks at 4 per character and drops stray variation selectors and grapheme joiners', () => {
    expect(displayNameSchema.parse(`A${'\u0301'.repeat(10)}`)).toBe(`A${'\u0301'.repeat(4)}`);
    // A zero-width character between the marks does not restart the count.
    expect(displayNameSchema.parse(`A${'\u0301\u200b\u200d\u034f'.repeat(10)}`)).toBe(`A${'\u0301'.repeat(4)}`);
    expect(displayNameSchema.parse(`A${'\u0301\u200d'.repeat(10)}`)).toBe(`A${'\u0301\u200d'.repeat(3)}\u0301`);
    expect(displayNameSchema.parse('Ana\u2800Souza\u034f')).toBe('AnaSouza');
    expect(displayNameSchema.parse('Ana\ufe0f\ufe0f \ufe0e')).toBe('Ana\ufe0f');
  });

  it('keeps real names in any script, with their accents and emoji, unchanged', () => {
    for (const name of [
      'José',
      'Zoë',
      'Jose\u0301', // decomposed
      'Nguyê\u0303n', // Vietnamese, two marks on one letter once decomposed
      '\u0645\u062d\u0645\u062f',
      '\u674e\u96f7',
      'Ana \u2764\ufe0f',
      'Ana \u{1F469}\u200d\u2764\ufe0f\u200d\u{1F468}',
      '1\ufe0f\u20e3 Ana',
      '\u0628\u0633\u0652\u0645\u0650', // Arabic with harakat
      '\u05e9\u05c1\u05bc\u05b8\u05dc\u05d5\u05b9\u05dd', // Hebrew with points
      '\u0f56\u0f66\u0f92\u0fb2\u0f74\u0f56\u0f66', // Tibetan stack
      '\u0938\u094d\u0924\u094d\u0930\u0940', // Devanagari
    ]) {
      expect(displayNameSchema.parse(name)).toBe(name);
      expect(normalizeDisplayName(name)).toBe(name);
    }
  });
});
