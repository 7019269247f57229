import { createApiKeyBodySchema } from '@nuvem/contracts/applications';
import { describe, expect, it } from 'vitest';
import {
  buildCreateApiKeyPayload,
  canSubmitApiKeyForm,
  expiryDaysError,
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
      expect(expiryDaysError(input)).toBeNull();
    },
  );

  it('reports whole numbers the server refuses instead of replacing them', () => {
    expect(parseExpiryDays('0')).toBe(0);
    expect(expiryDaysError('0')).toBe('Choose between 1 and 3650 days.');
    expect(expiryDaysError('-5')).toBe('Choose between 1 and 3650 days.');
    expect(expiryDaysError('3651')).toBe('Choose between 1 and 3650 days.');
    expect(expiryDaysError('1')).toBeNull();
  });
});

describe('buildCreateApiKeyPayload', () => {
  it('trims, drops an empty description and keeps the defaults', () => {
    const payload = buildCreateApiKeyPayload('app_1', { ...initialApiKeyForm, name: '  ci  ', description: '   ' });
    expect(payload).toEqual({ applicationId: 'app_1', name: 'ci', scopes: ['read', 'write'], expiresIn: 365 });
  });

  it('sends the description, the chosen scopes in order and the parsed expiry', () => {
    const payload = buildCreateApiKeyPayload('app_1', {
      name: 'deploy',
      description: ' Pipeline ',
      expiresIn: 'thirty',
      scopes: ['write'],
    });
    expect(payload).toEqual({
      applicationId: 'app_1',
      name: 'deploy',
      description: 'Pipeline',
      scopes: ['write'],
      expiresIn: 365,
    });
    expect(
      buildCreateApiKeyPayload('a', { ...initialApiKeyForm, name: 'x', scopes: ['write', 'read'] }).scopes,
    ).toEqual(['read', 'write']);
  });

  it('builds a body the server schema accepts', () => {
    const { applicationId: _id, ...body } = buildCreateApiKeyPayload('app_1', {
      ...initialApiKeyForm,
      name: 'ci',
      expiresIn: '30',
    });
    expect(createApiKeyBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('canSubmitApiKeyForm', () => {
  it('needs a name, a scope and an acceptable expiry', () => {
    expect(canSubmitApiKeyForm(initialApiKeyForm)).toBe(false);
    expect(canSubmitApiKeyForm({ ...initialApiKeyForm, name: '   ' })).toBe(false);
    expect(canSubmitApiKeyForm({ ...initialApiKeyForm, name: 'ci' })).toBe(true);
    expect(canSubmitApiKeyForm({ ...initialApiKeyForm, name: 'ci', scopes: [] })).toBe(false);
    expect(canSubmitApiKeyForm({ ...initialApiKeyForm, name: 'ci', expiresIn: '0' })).toBe(false);
    expect(canSubmitApiKeyForm({ ...initialApiKeyForm, name: 'ci', expiresIn: 'never' })).toBe(true);
  });
});
