import { describe, expect, it } from 'vitest';
import {
  allowedOriginsIssue,
  formatCommaList,
  MAX_LIST_ENTRIES,
  parseCommaList,
  redirectUrisIssue,
} from './parse-list';

describe('parseCommaList', () => {
  it('splits on commas and trims each entry', () => {
    expect(parseCommaList(' https://a.example.com/cb ,https://b.example.com/cb')).toEqual([
      'https://a.example.com/cb',
      'https://b.example.com/cb',
    ]);
  });

  it('drops empty and blank entries', () => {
    expect(parseCommaList('https://a.example.com, , ,,https://b.example.com,')).toEqual([
      'https://a.example.com',
      'https://b.example.com',
    ]);
  });

  it('gives an empty list for empty or blank text', () => {
    expect(parseCommaList('')).toEqual([]);
    expect(parseCommaList('  ,  ')).toEqual([]);
  });

  it('keeps a single entry without commas', () => {
    expect(parseCommaList('  http://localhost:3000  ')).toEqual(['http://localhost:3000']);
  });
});

describe('formatCommaList', () => {
  it('joins with a comma and a space, and parses back to the same list', () => {
    const list = ['https://a.example.com', 'http://localhost:3000'];
    expect(formatCommaList(list)).toBe('https://a.example.com, http://localhost:3000');
    expect(parseCommaList(formatCommaList(list))).toEqual(list);
    expect(formatCommaList([])).toBe('');
  });
});

describe('list issues', () => {
  it('accepts absolute https URIs and http on localhost', () => {
    expect(redirectUrisIssue(['https://app.example.com/callback', 'http://localhost:3000/cb'])).toBeUndefined();
    expect(allowedOriginsIssue(['https://app.example.com', 'http://localhost:5173'])).toBeUndefined();
    expect(redirectUrisIssue([])).toBeUndefined();
  });

  it('names the first entry the server would refuse', () => {
    expect(redirectUrisIssue(['https://ok.example.com/cb', 'callback'])).toBe(
      '"callback" must be an absolute http(s) URL',
    );
    expect(redirectUrisIssue(['http://app.example.com/cb'])).toMatch(/^"http:\/\/app.example.com\/cb" must use https/);
    expect(allowedOriginsIssue(['https://app.example.com/path'])).toBe(
      '"https://app.example.com/path" must be an origin (scheme, host and port) without a path',
    );
  });

  it('refuses more entries than the server keeps', () => {
    const many = Array.from({ length: MAX_LIST_ENTRIES + 1 }, (_, i) => `https://a${i}.example.com`);
    expect(allowedOriginsIssue(many)).toBe(`At most ${MAX_LIST_ENTRIES} entries`);
  });
});
