/** The spec's bearer token lives in local storage under this key. */
export const AUTH_TOKEN_KEY = 'auth-token';

export function getAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null; // storage blocked (privacy mode): act as signed out
  }
}

export function setAuthToken(token: string): void {
  window.localStorage.setItem(AUTH_TOKEN_KEY, token);
}

export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // nothing stored to clear
  }
}
