import type { SocialProvider } from '@nuvem/contracts/auth';

/** Social sign-in: the auth service's route for the provider, with the current page as redirect. */
export function socialSignInUrl(authUrl: string, provider: SocialProvider, currentPage: string): string {
  return `${authUrl}/oauth/${provider}?redirect=${encodeURIComponent(currentPage)}`;
}

/** Where logout ends: the auth service's logout route, with the site's own origin as redirect. */
export function logoutRedirectUrl(authUrl: string, origin: string): string {
  return `${authUrl}/logout?redirect=${encodeURIComponent(origin)}`;
}
