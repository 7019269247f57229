import { describe, expect, it } from 'vitest';
import { apiKeyStatus, keyPrefixPreview, maskKeyPrefix, sortKeysByStatus } from './api-key-display';

const now = Date.parse('2026-03-10T12:00:00.000Z');

describe('key display', () => {
  it('masks the prefix and previews it', () => {
    expect(maskKeyPrefix('nuv_AbCdEfGh')).toBe('nuv_AbCdEfGh••••••••');
    expect(keyPrefixPreview('nuv_AbCdEfGh')).toBe('nuv_AbCdEfGh…');
  });
});

describe('apiKeyStatus', () => {
  const live = { revoked_at: null, expires_at: '2027-01-01T00:00:00.000Z' };

  it('is active, revoked once revoked_at is set, and expired past its expiry', () => {
    expect(apiKeyStatus(live, now)).toBe('active');
    expect(apiKeyStatus({ ...live, revoked_at: '2026-03-01T00:00:00.000Z' }, now)).toBe('revoked');
    expect(apiKeyStatus({ ...live, expires_at: '2026-03-10T11:00:00.000Z' }, now)).toBe('expired');
    // Revoked wins over expired.
    expect(apiKeyStatus({ revoked_at: '2026-03-01T00:00:00.000Z', expires_at: '2026-03-02T00:00:00.000Z' }, now)).toBe(
      'revoked',
    );
  });

  it('sorts active keys first, newest first within a status', () => {
    const keys = [
      {
        id: 'revoked',
        revoked_at: '2026-03-01T00:00:00.000Z',
        expires_at: live.expires_at,
        created_at: '2026-03-09T00:00:00.000Z',
      },
      { id: 'old', ...live, created_at: '2026-01-01T00:00:00.000Z' },
      {
        id: 'expired',
        revoked_at: null,
        expires_at: '2026-03-01T00:00:00.000Z',
        created_at: '2026-03-08T00:00:00.000Z',
      },
      { id: 'new', ...live, created_at: '2026-03-01T00:00:00.000Z' },
    ];
    expect(sortKeysByStatus(keys, now).map((k) => k.id)).toEqual(['new', 'old', 'expired', 'revoked']);
  });
});
