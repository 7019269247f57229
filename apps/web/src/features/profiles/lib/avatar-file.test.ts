import { profileLimits } from '@nuvem/contracts/profiles';
import { describe, expect, it } from 'vitest';
import { avatarAccept, avatarFileProblem, avatarMaxMiB } from './avatar-file';

describe('avatarFileProblem', () => {
  it("accepts PNG, JPEG and WebP up to the contract's size", () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/jpeg', size: profileLimits.avatarBytes })).toBeNull();
    expect(avatarFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(avatarAccept).toBe('image/png,image/jpeg,image/webp');
    expect(avatarMaxMiB).toBe(2);
  });

  it('names the problem of other types, larger files and empty files', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe('wrongType');
    expect(avatarFileProblem({ type: '', size: 10 })).toBe('wrongType');
    expect(avatarFileProblem({ type: 'image/png', size: profileLimits.avatarBytes + 1 })).toBe('tooLarge');
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
  });
});
