import { profileSchema } from '@nuvem/contracts/profiles';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { buildFallbackProfile, canBuildFallback, isUnknownUser } from './profile-fallback';

const ana = {
  id: 'usr_1',
  email: 'ana@example.com',
  displayName: 'Ana',
  avatarUrl: null,
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('buildFallbackProfile', () => {
  it('builds a valid profile from the signed-in user, inventing no figures', () => {
    const profile = profileSchema.parse(buildFallbackProfile(ana));
    expect(profile).toMatchObject({
      id: 'usr_1',
      email: 'ana@example.com',
      displayName: 'Ana',
      connections: 0,
      followers: 0,
      views: 0,
      viewsLast30Days: null,
      experience: [],
      viewer: { isSelf: true },
    });
  });

  it('keeps no blank display name or avatar', () => {
    const profile = buildFallbackProfile({ ...ana, displayName: '  ', avatarUrl: ' ' });
    expect(profile.displayName).toBeNull();
    expect(profile.avatar).toBeNull();
  });
});

describe('canBuildFallback', () => {
  it("only for one's own page: 'me' or the signed-in user's id", () => {
    expect(canBuildFallback('me', ana)).toBe(true);
    expect(canBuildFallback('usr_1', ana)).toBe(true);
    expect(canBuildFallback('usr_2', ana)).toBe(false);
  });
});

describe('isUnknownUser', () => {
  it('is a 404 from the API only', () => {
    expect(isUnknownUser(new ApiError(404, 'User not found'))).toBe(true);
    expect(isUnknownUser(new ApiError(500, 'HTTP 500'))).toBe(false);
    expect(isUnknownUser(new ApiError(0, 'Network error'))).toBe(false);
    expect(isUnknownUser(new Error('404'))).toBe(false);
  });
});
