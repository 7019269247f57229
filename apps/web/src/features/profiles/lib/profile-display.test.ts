import { describe, expect, it } from 'vitest';
import { profileInitial, profileName } from './profile-display';

describe('profileInitial', () => {
  it('takes the display name first, then the e-mail, upper-cased', () => {
    expect(profileInitial({ displayName: 'ana souza', email: 'zed@example.com' })).toBe('A');
    expect(profileInitial({ displayName: null, email: 'bia@example.com' })).toBe('B');
    expect(profileInitial({ displayName: '   ', email: null })).toBe('?');
  });

  it('keeps a character outside the BMP whole', () => {
    expect(profileInitial({ displayName: '😀 Joy' })).toBe('😀');
    expect(profileInitial({ displayName: 'élodie' })).toBe('É');
  });
});

describe('profileName', () => {
  it('uses the display name, else the e-mail, else the fallback given', () => {
    expect(profileName({ displayName: ' Ana ', email: 'a@x.io' }, 'User')).toBe('Ana');
    expect(profileName({ displayName: null, email: 'a@x.io' }, 'User')).toBe('a@x.io');
    expect(profileName({ displayName: null, email: null }, 'Utilizador')).toBe('Utilizador');
  });
});
