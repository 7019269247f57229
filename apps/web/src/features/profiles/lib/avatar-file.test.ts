import { profileMessages } from '@nuvem/contracts/profiles';
import { describe, expect, it } from 'vitest';
import { avatarAccept, avatarFileProblem } from './avatar-file';

describe('avatarFileProblem', () => {
  it('accepts PNG, JPEG and WebP up to 2 MiB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(avatarAccept).toBe('image/png,image/jpeg,image/webp');
  });

  it("refuses other types, larger files and empty files with the server's words", () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe(profileMessages.avatarType);
    expect(avatarFileProblem({ type: '', size: 10 })).toBe(profileMessages.avatarType);
    expect(avatarFileProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(profileMessages.avatarTooLarge);
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe('The chosen file is empty');
  });
});
