import { describe, expect, it } from 'vitest';
import { userAvatarUrl, userInitial } from './user-display';

const meta = (display_name: string | null, avatar_url: string | null = null) => ({
  user_metadata: { display_name, avatar_url },
});

describe('userInitial', () => {
  it("is the e-mail's first letter, upper-cased", () => {
    expect(userInitial('ana@example.com')).toBe('A');
    expect(userInitial('  zé@example.com')).toBe('Z');
    expect(userInitial('élodie@example.com')).toBe('É');
  });

  it("keeps a character outside the basic plane whole and gives '?' for an empty e-mail", () => {
    expect(userInitial('😀@example.com')).toBe('😀');
    expect(userInitial('')).toBe('?');
  });
});

describe('userAvatarUrl', () => {
  it('is the avatar address, or null when missing or blank', () => {
    expect(userAvatarUrl(meta(null, 'https://cdn.example/a.png'))).toBe('https://cdn.example/a.png');
    expect(userAvatarUrl(meta(null, null))).toBeNull();
    expect(userAvatarUrl(meta(null, ''))).toBeNull();
  });
});
