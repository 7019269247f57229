import { signInErrorMessages, type SignInErrorCode } from '@nuvem/contracts/auth';

const isSignInErrorCode = (code: string): code is SignInErrorCode => Object.hasOwn(signInErrorMessages, code);

/**
 * The message for `/login?error=<code>`: a known code's fixed text, the generic social sign-in
 * message for anything else, never text taken from the address (anyone can write a link).
 */
export function signInErrorMessage(code: string | null): string | null {
  if (code === null) return null;
  return isSignInErrorCode(code) ? signInErrorMessages[code] : signInErrorMessages.social_failed;
}
