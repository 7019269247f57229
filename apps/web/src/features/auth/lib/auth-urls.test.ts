import { describe, expect, it } from 'vitest';
import { logoutRedirectUrl, socialSignInUrl } from './auth-urls';

describe('auth service addresses', () => {
  it('sends social sign-in to the provider route with the current page, encoded, as redirect', () => {
    expect(socialSignInUrl('', 'google', 'https://portal.example/login?redirect=%2Fevents')).toBe(
      '/oauth/google?redirect=https%3A%2F%2Fportal.example%2Flogin%3Fredirect%3D%252Fevents',
    );
    expect(socialSignInUrl('https://auth.example', 'github', 'https://portal.example/')).toBe(
      'https://auth.example/oauth/github?redirect=https%3A%2F%2Fportal.example%2F',
    );
  });

  it("ends logout at the auth service's logout route with the site's origin as redirect", () => {
    expect(logoutRedirectUrl('', 'https://portal.example')).toBe('/logout?redirect=https%3A%2F%2Fportal.example');
    expect(logoutRedirectUrl('https://auth.example', 'http://localhost:5173')).toBe(
      'https://auth.example/logout?redirect=http%3A%2F%2Flocalhost%3A5173',
    );
  });
});
