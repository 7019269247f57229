import { AUTH_TOKEN_STORAGE_KEY } from '@nuvem/contracts/auth';

// The spec's bearer token lives in local storage under the contract's key ('auth-token').

export function getAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null; // storage blocked (privacy mode): act as signed out
  }
}

export function setAuthToken(token: string): void {
  try {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  } catch {
    // storage blocked or full: the session cookie still signs the browser in
  }
}

export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored to clear
  }
}
