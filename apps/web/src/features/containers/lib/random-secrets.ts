/**
 * Random passwords and secrets from the browser's CSPRNG (spec: 16 characters for passwords, 32
 * for secrets, with at least one lower-case letter, upper-case letter, digit and symbol).
 */

const lower = 'abcdefghijklmnopqrstuvwxyz';
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const digits = '0123456789';
/**
 * Symbols that stay literal in an unquoted shell `KEY=value`, in a .env file and in an environment
 * variable: no quotes, backslash, `$`, backtick, space, `=`, `#`, `!`, `~`, globs or redirections.
 */
const symbols = '-_.:+@%^,';

export const characterClasses = { lower, upper, digits, symbols } as const;
export const secretAlphabet = lower + upper + digits + symbols;

export const PASSWORD_LENGTH = 16;
export const SECRET_LENGTH = 32;

/** A uniform integer in [0, bound), by rejection sampling so no value is favoured. */
export function randomInt(bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) throw new RangeError(`bad bound ${bound}`);
  const limit = 2 ** 32 - (2 ** 32 % bound);
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    const value = word[0] ?? 0;
    if (value < limit) return value % bound;
  }
}

function containsAny(value: string, chars: string): boolean {
  for (const c of value) if (chars.includes(c)) return true;
  return false;
}

function hasEveryClass(candidate: string): boolean {
  return Object.values(characterClasses).every((chars) => containsAny(candidate, chars));
}

/**
 * A string over `secretAlphabet` holding every character class. Whole candidates missing a class
 * are drawn again, so the result is uniform over all valid strings of that length (forcing one
 * character per class and shuffling would not be).
 */
export function generateRandomString(length: number): string {
  if (!Number.isInteger(length) || length < Object.keys(characterClasses).length) {
    throw new RangeError(`length must be an integer of at least ${Object.keys(characterClasses).length}`);
  }
  for (;;) {
    let candidate = '';
    for (let i = 0; i < length; i++) candidate += secretAlphabet.charAt(randomInt(secretAlphabet.length));
    if (hasEveryClass(candidate)) return candidate;
  }
}

export function generatePassword(length = PASSWORD_LENGTH): string {
  return generateRandomString(length);
}

export function generateSecret(length = SECRET_LENGTH): string {
  return generateRandomString(length);
}
