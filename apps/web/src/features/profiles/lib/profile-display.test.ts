import { describe, expect, it } from 'vitest';
import { formatCount, formatNumber, profileInitial, profileName } from './profile-display';

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
  it("uses the display name, else the e-mail, else 'Usuário'", () => {
    expect(profileName({ displayName: ' Ana ', email: 'a@x.io' })).toBe('Ana');
    expect(profileName({ displayName: null, email: 'a@x.io' })).toBe('a@x.io');
    expect(profileName({ displayName: null, email: null })).toBe('Usuário');
  });
});

describe('formatCount', () => {
  it('groups thousands and picks singular or plural', () => {
    expect(formatCount(1200, 'follower')).toBe('1,200 followers');
    expect(formatCount(1, 'connection')).toBe('1 connection');
    expect(formatCount(0, 'connection')).toBe('0 connections');
    expect(formatNumber(1547)).toBe('1,547');
  });
});
