import { describe, expect, it } from 'vitest';
import { foldText, prefixQuery } from './search-text.js';

describe('foldText', () => {
  it('lower-cases and takes accents off, documents and queries alike', () => {
    expect(foldText('São Paulo')).toBe('sao paulo');
    expect(foldText('MÜNCHEN Kraków Montréal')).toBe('munchen krakow montreal');
  });
});

describe('prefixQuery', () => {
  it('makes a prefix query of the words only, or null when there is none', () => {
    expect(prefixQuery('São pau')).toBe('sao:* & pau:*');
    expect(prefixQuery("x' | !y & (z")).toBe('x:* & y:* & z:*');
    expect(prefixQuery(' ;:!? ')).toBeNull();
  });
});
