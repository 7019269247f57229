import { newPasswordSchema, passwordMessages, registerBodySchema } from '@nuvem/contracts/auth';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Common and leaked passwords, from an offline list: the ~49,000 most frequent passwords of public
 * breaches that zxcvbn-ts ships (`@zxcvbn-ts/language-common`, kept up to date by its maintainers).
 * Server-side only: the list stays out of the web bundle. Compared lower-cased and trimmed, so
 * `Password` and ` password ` count as `password`.
 */
const commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  const normalized = password.trim().toLowerCase();
  return commonPasswords.has(normalized) || commonPasswords.has(normalized.replace(/\s+/g, ''));
}

/** A password being set: the contract's rule (length, not blank) and not a common one. */
export const serverNewPasswordSchema = newPasswordSchema.refine((value) => !isCommonPassword(value), {
  message: passwordMessages.common,
  // Only worth looking up once the shape is right.
  when: (payload) => payload.issues.length === 0,
});

/** POST /auth/register as the server validates it (the OpenAPI document is the contract's). */
export const serverRegisterBodySchema = registerBodySchema.extend({ password: serverNewPasswordSchema });
