import { describe, expect, it } from 'vitest';
import {
  apiKeyListQuerySchema,
  apiKeyStatsQuerySchema,
  createApiKeyBodySchema,
  createApplicationBodySchema,
  revokeApiKeyBodySchema,
  updateApplicationBodySchema,
} from './applications';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('application rules', () => {
  it('trims the name and defaults the lists to empty', () => {
    expect(createApplicationBodySchema.parse({ name: '  CRM  ' })).toEqual({
      name: 'CRM',
      redirectUris: [],
      allowedOrigins: [],
    });
  });

  it('requires a name of 1 to 100 characters', () => {
    expect(paths(createApplicationBodySchema.safeParse({ name: '   ' }))).toEqual(['name']);
    expect(paths(createApplicationBodySchema.safeParse({}))).toEqual(['name']);
    expect(createApplicationBodySchema.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
    expect(paths(createApplicationBodySchema.safeParse({ name: 'x'.repeat(101) }))).toEqual(['name']);
  });

  it('accepts https redirect URIs anywhere and http ones only on loopback addresses', () => {
    const ok = [
      'https://crm.example.com/callback',
      'https://crm.example.com:8443/cb?x=1',
      'http://localhost:5173/callback',
      'http://127.0.0.1/cb',
      'http://[::1]:3000/cb',
    ];
    expect(createApplicationBodySchema.parse({ name: 'a', redirectUris: ok }).redirectUris).toEqual(ok);
    for (const bad of [
      'http://crm.example.com/cb',
      '/relative/callback',
      'crm.example.com/cb',
      'ftp://crm.example.com/cb',
      'javascript:alert(1)',
      'https://crm.example.com/cb#fragment',
      'https://user:pass@crm.example.com/cb',
      '',
    ]) {
      const result = createApplicationBodySchema.safeParse({ name: 'a', redirectUris: ['https://ok.example', bad] });
      expect(paths(result), bad).toEqual(['redirectUris.1']);
    }
  });

  it('accepts origins only: scheme, host and port, https or loopback http', () => {
    const parsed = createApplicationBodySchema.parse({
      name: 'a',
      allowedOrigins: ['https://App.Example.com', 'https://app.example.com/', 'http://localhost:5173'],
    });
    // Normalised to the origin, duplicates dropped.
    expect(parsed.allowedOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    for (const bad of [
      'https://app.example.com/path',
      'https://app.example.com?x=1',
      'https://app.example.com#x',
      'http://app.example.com',
      'app.example.com',
      '*',
      'null',
    ]) {
      expect(paths(createApplicationBodySchema.safeParse({ name: 'a', allowedOrigins: [bad] })), bad).toEqual([
        'allowedOrigins.0',
      ]);
    }
  });

  it('allows at most 20 redirect URIs and 20 origins', () => {
    const many = Array.from({ length: 21 }, (_, i) => `https://a${i}.example.com`);
    const result = createApplicationBodySchema.safeParse({ name: 'a', redirectUris: many, allowedOrigins: many });
    expect(paths(result).sort()).toEqual(['allowedOrigins', 'redirectUris']);
  });

  it('updates any subset of the fields and refuses unknown ones', () => {
    expect(updateApplicationBodySchema.parse({})).toEqual({});
    expect(updateApplicationBodySchema.parse({ name: ' New ' })).toEqual({ name: 'New' });
    expect(updateApplicationBodySchema.safeParse({ client_id: 'nuvc_x' }).success).toBe(false);
    expect(paths(updateApplicationBodySchema.safeParse({ allowedOrigins: ['https://a.example/x'] }))).toEqual([
      'allowedOrigins.0',
    ]);
  });
});

describe('API key rules', () => {
  it("defaults to read and write scopes and 365 days, as the spec's dialog does", () => {
    expect(createApiKeyBodySchema.parse({ name: ' ci ' })).toEqual({
      name: 'ci',
      scopes: ['read', 'write'],
      expiresIn: 365,
    });
  });

  it('refuses an empty name, unknown, repeated or no scopes, and expiries outside 1..3650 whole days', () => {
    expect(paths(createApiKeyBodySchema.safeParse({ name: '' }))).toEqual(['name']);
    expect(paths(createApiKeyBodySchema.safeParse({ name: 'k', scopes: [] }))).toEqual(['scopes']);
    expect(paths(createApiKeyBodySchema.safeParse({ name: 'k', scopes: ['admin'] }))).toEqual(['scopes.0']);
    expect(paths(createApiKeyBodySchema.safeParse({ name: 'k', scopes: ['read', 'read'] }))).toEqual(['scopes']);
    for (const expiresIn of [0, 3651, 1.5, '30'])
      expect(paths(createApiKeyBodySchema.safeParse({ name: 'k', expiresIn })), String(expiresIn)).toEqual([
        'expiresIn',
      ]);
    expect(paths(createApiKeyBodySchema.safeParse({ name: 'k', description: 'x'.repeat(501) }))).toEqual([
      'description',
    ]);
    expect(createApiKeyBodySchema.parse({ name: 'k', scopes: ['read'], expiresIn: 3650 })).toMatchObject({
      scopes: ['read'],
      expiresIn: 3650,
    });
  });

  it('reads include_revoked, the stats window (1..90, default 7) and an optional revoke reason', () => {
    expect(apiKeyListQuerySchema.parse({})).toEqual({ include_revoked: false });
    expect(apiKeyListQuerySchema.parse({ include_revoked: 'true' })).toEqual({ include_revoked: true });
    expect(apiKeyStatsQuerySchema.parse({})).toEqual({ days: 7 });
    expect(apiKeyStatsQuerySchema.parse({ days: '30' })).toEqual({ days: 30 });
    expect(apiKeyStatsQuerySchema.safeParse({ days: '0' }).success).toBe(false);
    expect(apiKeyStatsQuerySchema.safeParse({ days: '91' }).success).toBe(false);
    expect(revokeApiKeyBodySchema.parse(undefined)).toBeUndefined();
    expect(revokeApiKeyBodySchema.parse(null)).toBeNull();
    expect(revokeApiKeyBodySchema.parse({ reason: ' leaked ' })).toEqual({ reason: 'leaked' });
    expect(revokeApiKeyBodySchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});
