import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('turns http and https addresses into links and keeps the words around them', () => {
    expect(linkify('Read https://example.com/a?b=1 and http://x.io now')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.io', href: 'http://x.io/' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves sentence punctuation out of the link, but keeps brackets the address opened', () => {
    expect(linkify('See https://a.io/x.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://a.io/x', href: 'https://a.io/x' },
      { kind: 'text', text: '.' },
    ]);
    expect(linkify('(https://a.io/x)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://a.io/x', href: 'https://a.io/x' },
      { kind: 'text', text: ')' },
    ]);
    expect(linkify('https://en.wikipedia.org/wiki/Foo_(bar), yes')[0]).toEqual({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
      href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
    });
  });

  it('never links other schemes or bare domains', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:a@b.c',
      'example.com',
      'ftp://example.com',
      'JAVASCRIPT://%0aalert(1)',
    ]) {
      expect(linkify(text), text).toEqual([{ kind: 'text', text }]);
    }
  });

  it('keeps plain text whole, line breaks included', () => {
    expect(linkify('one\ntwo')).toEqual([{ kind: 'text', text: 'one\ntwo' }]);
    expect(linkify('')).toEqual([]);
  });
});
