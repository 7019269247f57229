import {
  MAX_URIS_PER_APPLICATION,
  originSchema,
  REDIRECT_URI_MAX_LENGTH,
  redirectUriSchema,
} from '@nuvem/contracts/applications';
import { describe, expect, it } from 'vitest';
import { formatCommaList, listIssue, parseCommaList } from './parse-list';

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

describe('listIssue', () => {
  it('accepts absolute https URIs and http on localhost', () => {
    expect(
      listIssue(['https://app.example.com/callback', 'http://localhost:3000/cb'], redirectUriSchema),
    ).toBeUndefined();
    expect(listIssue(['https://app.example.com', 'http://localhost:5173'], originSchema)).toBeUndefined();
    expect(listIssue([], redirectUriSchema)).toBeUndefined();
  });

  it("names the first entry the server would refuse and the contract's rule it breaks", () => {
    expect(listIssue(['https://ok.example.com/cb', 'callback'], redirectUriSchema)).toEqual({
      rule: 'notHttpUrl',
      entry: 'callback',
    });
    expect(listIssue(['http://app.example.com/cb'], redirectUriSchema)).toEqual({
      rule: 'httpsOnly',
      entry: 'http://app.example.com/cb',
    });
    expect(listIssue(['https://app.example.com/path'], originSchema)).toEqual({
      rule: 'originWithPath',
      entry: 'https://app.example.com/path',
    });
    const long = `https://a.example.com/${'x'.repeat(REDIRECT_URI_MAX_LENGTH)}`;
    expect(listIssue([long], redirectUriSchema)).toEqual({
      rule: 'entryTooLong',
      entry: long,
      count: REDIRECT_URI_MAX_LENGTH,
    });
  });

  it('refuses more entries than the server keeps', () => {
    const many = Array.from({ length: MAX_URIS_PER_APPLICATION + 1 }, (_, i) => `https://a${i}.example.com`);
    expect(listIssue(many, originSchema)).toEqual({ rule: 'tooMany', count: MAX_URIS_PER_APPLICATION });
    expect(listIssue(many.slice(1), originSchema)).toBeUndefined();
  });
});
