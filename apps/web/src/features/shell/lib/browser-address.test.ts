import { describe, expect, it } from 'vitest';
import { browserTabLabel, toBrowserUrl } from './browser-address';

describe('toBrowserUrl', () => {
  it('keeps a full http(s) address', () => {
    expect(toBrowserUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(toBrowserUrl('  http://example.org ')).toBe('http://example.org/');
  });

  it('opens a bare host over https', () => {
    expect(toBrowserUrl('example.com')).toBe('https://example.com/');
    expect(toBrowserUrl('docs.example.com/guide#top')).toBe('https://docs.example.com/guide#top');
  });

  it('searches for words and for other schemes', () => {
    expect(toBrowserUrl('cloud hosting brazil')).toBe('https://duckduckgo.com/?q=cloud%20hosting%20brazil');
    expect(toBrowserUrl('javascript:alert(1)')).toBe('https://duckduckgo.com/?q=javascript%3Aalert(1)');
    expect(toBrowserUrl('nuvem')).toBe('https://duckduckgo.com/?q=nuvem');
  });

  it('gives nothing for blank input', () => {
    expect(toBrowserUrl('   ')).toBeNull();
  });
});

describe('browserTabLabel', () => {
  it('names a tab by host or by search words', () => {
    expect(browserTabLabel(null)).toBeNull();
    expect(browserTabLabel('https://duckduckgo.com/?q=')).toBeNull();
    expect(browserTabLabel('https://www.example.com/x')).toBe('example.com');
    expect(browserTabLabel('https://duckduckgo.com/?q=cloud%20hosting')).toBe('cloud hosting');
  });
});
