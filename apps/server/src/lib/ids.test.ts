import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('prefixes the id with its kind and uses 25 lower-case base-36 characters', () => {
    expect(newId('user')).toMatch(/^usr_[0-9a-z]{25}$/);
    expect(newId('container')).toMatch(/^ctr_[0-9a-z]{25}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('apiKey')));
    expect(ids.size).toBe(10_000);
  });
});
