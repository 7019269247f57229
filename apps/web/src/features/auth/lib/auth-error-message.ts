import { ApiError } from '@/lib/api-client';

/**
 * The text shown when sign-in or registration fails: the server's own error text, else the
 * spec's fallback ('Login failed' / 'Registration failed'). A network failure, a reply that
 * breaks the contract or an error reply without text is not the server's text.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.message.trim() !== '' &&
    error.message !== `HTTP ${error.status}`
  ) {
    return error.message;
  }
  return fallback;
}
