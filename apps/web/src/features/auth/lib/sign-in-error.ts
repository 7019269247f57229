import { signInErrorMessages, type SignInErrorCode } from '@nuvem/contracts/auth';
import { i18n } from '@/lib/i18n';

const isSignInErrorCode = (code: string): code is SignInErrorCode => Object.hasOwn(signInErrorMessages, code);

/**
 * The message for `/login?error=<code>`, in the language in use: a known code's fixed text, the
 * generic social sign-in message for anything else, never text taken from the address (anyone can
 * write a link).
 */
export function signInErrorMessage(code: string | null): string | null {
  if (code === null) return null;
  return i18n.t(`auth:signInErrors.${isSignInErrorCode(code) ? code : 'social_failed'}`);
}
