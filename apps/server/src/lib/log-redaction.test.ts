import { describe, expect, it } from 'vitest';
import { errorSerializer, loggedUrl } from './log-redaction.js';

/** A driver error as pg and PGlite raise it: SQLSTATE code, severity, and a detail with the row's values. */
function driverError(message: string, fields: Record<string, unknown>) {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

describe('errorSerializer', () => {
  it('drops the detail of a driver error logged on its own, which repeats the row', () => {
    const error = driverError('duplicate key value violates unique constraint "users_email_unique"', {
      code: '23505',
      detail: 'Key (email)=(victim@corp.example) already exists.',
      constraint: 'users_email_unique',
    });
    const out = JSON.stringify(errorSerializer(error));
    expect(out).not.toContain('victim@corp.example');
    expect(out).toContain('users_email_unique');
    expect(out).toContain('23505');
  });

  it('hides a value quoted in the message of a wrapped driver error, keeping the SQL', () => {
    const cause = driverError('invalid input syntax for type uuid: "203.0.113.9"', { code: '22P02' });
    const error = Object.assign(new Error('Failed query: select * from sessions where ip = $1\nparams: 203.0.113.9'), {
      query: 'select * from sessions where ip = $1',
      params: ['203.0.113.9'],
      cause,
    });
    const out = JSON.stringify(errorSerializer(error));
    expect(out).not.toContain('203.0.113.9');
    expect(out).toContain('select * from sessions where ip = $1');
    expect(out).toContain('invalid input syntax for type uuid');
  });

  it('passes anything that is not an error through', () => {
    expect(errorSerializer({ reason: 'x' } as unknown as Error)).toEqual({ reason: 'x' });
  });
});

describe('loggedUrl', () => {
  it("replaces secret query parameters' values and keeps the rest as it came", () => {
    expect(loggedUrl('/healthz')).toBe('/healthz');
    expect(loggedUrl('/events?q=a%20b&page=2')).toBe('/events?q=a%20b&page=2');
    expect(loggedUrl('/reset-password?token=abc')).toBe('/reset-password?token=[redacted]');
    expect(loggedUrl('/oauth/cb?state=s1&code=c0de&x')).toBe('/oauth/cb?state=s1&code=[redacted]&x');
    // However the name is written: case, percent-encoding, a plus for a space, a repeat.
    expect(loggedUrl('/a?Token=1&%74oken=2&api%5Fkey=3&+key=4&token=5')).toBe(
      '/a?Token=[redacted]&%74oken=[redacted]&api%5Fkey=[redacted]&+key=[redacted]&token=[redacted]',
    );
    // A name that is not valid percent-encoding is compared as written; a bare name has no value.
    expect(loggedUrl('/a?%E0%A4%A=1&token')).toBe('/a?%E0%A4%A=1&token');
  });
});
