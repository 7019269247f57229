import { describe, expect, it } from 'vitest';
import { acceptedLanguageTags } from './language.js';

describe("an Accept-Language's tags, as a browser's navigator.languages", () => {
  it('lists the tags by weight, in their order at equal weight, without refusals, wildcards or junk', () => {
    expect(acceptedLanguageTags('en-GB,en;q=0.9,pt-PT;q=0.95')).toEqual(['en-GB', 'pt-PT', 'en']);
    expect(acceptedLanguageTags('pt-PT;q=0, en-US , *;q=0.5')).toEqual(['en-US']);
    expect(acceptedLanguageTags('"><script>,en')).toEqual(['en']);
    expect(acceptedLanguageTags(undefined)).toEqual([]);
  });

  it('keeps at most five tags (the cache of server renders is keyed by them)', () => {
    const many = Array.from({ length: 40 }, (_, index) => `en-A${String(index)}`).join(',');
    expect(acceptedLanguageTags(many)).toHaveLength(5);
  });
});
