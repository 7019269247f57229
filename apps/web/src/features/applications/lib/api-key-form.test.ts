import {
  API_KEY_NAME_MAX_LENGTH,
  createApiKeyBodySchema,
  KEY_EXPIRY_MAX_DAYS,
  KEY_EXPIRY_MIN_DAYS,
} from '@nuvem/contracts/applications';
import { describe, expect, it } from 'vitest';
import {
  apiKeyFormSchema,
  buildCreateApiKeyPayload,
  expiryFallsBack,
  initialApiKeyForm,
  parseExpiryDays,
} from './api-key-form';

describe('parseExpiryDays', () => {
  it.each([
    ['30', 30],
    [' 90 ', 90],
    ['365', 365],
    ['+7', 7],
    ['3650', 3650],
  ])('keeps the whole number %j', (input, days) => {
    expect(parseExpiryDays(input)).toBe(days);
    expect(expiryFallsBack(input)).toBe(false);
  });

  it.each(['', '   ', 'soon', '30.5', '1e3', '30 days', '0x10', '99999999999999999999'])(
    'falls back to 365 for %j',
    (input) => {
      expect(parseExpiryDays(input)).toBe(365);
      expect(expiryFallsBack(input)).toBe(true);
      expect(apiKeyFormSchema.safeParse({ ...initialApiKeyForm, name: 'x', expiresIn: input }).success).toBe(true);
    },
  );

  it("refuses whole numbers outside the contract's bounds instead of replacing them", () => {
    const check = (expiresIn: string) =>
      apiKeyFormSchema.safeParse({ ...initialApiKeyForm, name: 'x', expiresIn }).error?.issues.map((i) => i.path);
    expect(check(String(KEY_EXPIRY_MIN_DAYS - 1))).toEqual([['expiresIn']]);
    expect(check('-5')).toEqual([['expiresIn']]);
    expect(check(String(KEY_EXPIRY_MAX_DAYS + 1))).toEqual([['expiresIn']]);
    expect(check(String(KEY_EXPIRY_MIN_DAYS))).toBeUndefined();
    expect(check(String(KEY_EXPIRY_MAX_DAYS))).toBeUndefined();
  });
});

describe('apiKeyFormSchema', () => {
  it("needs a name within the contract's length and a scope", () => {
    const paths = (values: Partial<typeof initialApiKeyForm>) =>
      apiKeyFormSchema.safeParse({ ...initialApiKeyForm, ...values }).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ name: '   ' })).toEqual(['name']);
    expect(paths({ name: 'x'.repeat(API_KEY_NAME_MAX_LENGTH) })).toBeUndefined();
    expect(paths({ name: 'x'.repeat(API_KEY_NAME_MAX_LENGTH + 1) })).toEqual(['name']);
    expect(paths({ name: 'ci', scopes: [] })).toEqual(['scopes']);
  });
});

describe('buildCreateApiKeyPayload', () => {
  const checked = (values: Partial<typeof initialApiKeyForm>) =>
    apiKeyFormSchema.parse({ ...initialApiKeyForm, ...values });

  it('trims, drops an empty description and keeps the defaults', () => {
    const payload = buildCreateApiKeyPayload('app_1', checked({ name: '  ci  ', description: '   ' }));
    expect(payload).toEqual({ applicationId: 'app_1', name: 'ci', scopes: ['read', 'write'], expiresIn: 365 });
  });

  it('sends the description, the chosen scopes in order and the parsed expiry', () => {
    const payload = buildCreateApiKeyPayload(
      'app_1',
      checked({ name: 'deploy', description: ' Pipeline ', expiresIn: 'thirty', scopes: ['write'] }),
    );
    expect(payload).toEqual({
      applicationId: 'app_1',
      name: 'deploy',
      description: 'Pipeline',
      scopes: ['write'],
      expiresIn: 365,
    });
    expect(buildCreateApiKeyPayload('a', checked({ name: 'x', scopes: ['write', 'read'] })).scopes).toEqual([
      'read',
      'write',
    ]);
  });

  it('builds a body the server schema accepts', () => {
    const { applicationId: _id, ...body } = buildCreateApiKeyPayload('app_1', checked({ name: 'ci', expiresIn: '30' }));
    expect(createApiKeyBodySchema.safeParse(body).success).toBe(true);
  });
});
