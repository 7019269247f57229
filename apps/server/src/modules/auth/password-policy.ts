import {
  newPasswordSchema,
  passwordMessages,
  registerBodySchema,
  stripInvisibleCharacters,
} from '@nuvem/contracts/auth';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Common and leaked passwords, from an offline list: the ~49,000 most frequent passwords of public
 * breaches that zxcvbn-ts ships (`@zxcvbn-ts/language-common`, kept up to date by its maintainers).
 * Server-side only: the list stays out of the web bundle.
 */
const commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * The forms of a password looked up in the list, so that dressing up a listed password does not
 * get it through: compatibility forms folded (NFKC: full-width `ｐａｓｓｗｏｒｄ` is `password`),
 * invisible and blank-looking characters and all joiners removed (`pass\u200bword`), lower-cased
 * and trimmed; then the same without combining marks (accents, variation selectors: `pässwörd`),
 * and each also without inner spaces. Only for the lookup: the password is stored as typed.
 */
export function passwordLookupForms(password: string): Set<string> {
  const cleaned = stripInvisibleCharacters(password.normalize('NFKC'))
    .replace(/[\u200c\u200d]/gu, '')
    .toLowerCase()
    .trim();
  const unmarked = cleaned.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFC');
  return new Set([cleaned, unmarked].flatMap((form) => [form, form.replace(/\s+/gu, '')]));
}

export function isCommonPassword(password: string): boolean {
  for (const form of passwordLookupForms(password)) if (commonPasswords.has(form)) return true;
  return false;
}

/** A password being set: the contract's rule (length, something visible) and not a common one. */
export const serverNewPasswordSchema = newPasswordSchema.refine((value) => !isCommonPassword(value), {
  message: passwordMessages.common,
  // Only worth looking up once the shape is right.
  when: (payload) => payload.issues.length === 0,
});

/** POST /auth/register as the server validates it (the OpenAPI document is the contract's). */
export const serverRegisterBodySchema = registerBodySchema.extend({ password: serverNewPasswordSchema });
