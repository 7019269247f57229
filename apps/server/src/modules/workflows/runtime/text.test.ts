import { describe, expect, it } from 'vitest';
import {
  countWords,
  cutAtWord,
  extractCodeBlocks,
  fold,
  lowerFirst,
  runSteps,
  splitSentences,
  splitSentencesSteps,
  tokenize,
} from './text.js';

describe('tokenize', () => {
  it('folds case and diacritics, drops stop words and strips plurals', () => {
    expect(fold('Configuração ÉPICA')).toBe('configuracao epica');
    expect(tokenize('A configuração do servidor')).toEqual(['configuracao', 'servidor']);
    expect(tokenize('The policies of our servers')).toEqual(['policy', 'server']);
    expect(tokenize('As configurações')).toEqual(['configuracao']);
    // -ss, -us and -is words keep their s; short words are left alone.
    expect(tokenize('class status analysis gas')).toEqual(['class', 'status', 'analysis', 'gas']);
  });

  it('splits on anything that is not a letter or a digit, in any script', () => {
    expect(tokenize('nuvem.toml: port=3030, café/crème; Ωmega')).toEqual([
      'nuvem',
      'toml',
      'port',
      '3030',
      'cafe',
      'creme',
      'ωmega',
    ]);
    expect(tokenize('')).toEqual([]);
    expect(countWords('  one, two-three  ')).toBe(3);
  });
});

describe('cutAtWord', () => {
  it('keeps a text that fits and cuts a longer one at a word boundary with an ellipsis', () => {
    expect(cutAtWord('short text', 20)).toBe('short text');
    const cut = cutAtWord('the quick brown fox jumps over the lazy dog', 20);
    expect(cut).toBe('the quick brown fox…');
    expect(cut.length).toBeLessThanOrEqual(20);
  });

  it('cuts a text without spaces where it must, never inside a surrogate pair', () => {
    expect(cutAtWord('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
    const emoji = `${'a'.repeat(8)}😀😀`;
    const cut = cutAtWord(emoji, 10);
    expect(cut).toBe(`${'a'.repeat(8)}…`);
  });
});

describe('splitSentences', () => {
  it('splits after end punctuation before a capital, joins wrapped lines and keeps list items apart', () => {
    const text =
      'First line of a sentence\nthat wraps. Second one, e.g. this stays whole!\n\n- item one\n- item two\n  continues\n## Heading';
    expect(splitSentences(text)).toEqual([
      'First line of a sentence that wraps.',
      'Second one, e.g. this stays whole!',
      'item one',
      'item two continues',
      'Heading',
    ]);
  });

  it('gives nothing for text without words', () => {
    expect(splitSentences(' \n -- \n')).toEqual([]);
  });
});

describe('extractCodeBlocks', () => {
  it('takes fenced blocks out with their language and lines; an unclosed fence runs to the end', () => {
    const { prose, blocks } = extractCodeBlocks(
      'Fix this:\n```TypeScript\nconst a = 1;\nconst b = 2;\n```\nThen this.\n```\nraw',
    );
    expect(prose).toBe('Fix this:\nThen this.');
    expect(blocks).toEqual([
      { language: 'typescript', lines: ['const a = 1;', 'const b = 2;'] },
      { language: '', lines: ['raw'] },
    ]);
  });
});

describe('lowerFirst', () => {
  it('lowers a plain first word but not an acronym or a name in camel case', () => {
    expect(lowerFirst('Users can export')).toBe('users can export');
    expect(lowerFirst('API keys expire')).toBe('API keys expire');
    expect(lowerFirst('GitHub login')).toBe('GitHub login');
  });
});

describe('splitSentencesSteps', () => {
  it('gives what splitSentences gives, in steps of one block each', () => {
    const texts = [
      'One. Two! Three? e.g. this stays.\n\n- a bullet\n- another one\n## Heading\nwrapped\nline. Next',
      '',
      'no punctuation at all',
      Array.from({ length: 50 }, (_, i) => `Line ${String(i)} of a list.`).join('\n'),
    ];
    for (const text of texts) {
      expect(runSteps(splitSentencesSteps(text))).toEqual(splitSentences(text));
      let steps = 0;
      const generator = splitSentencesSteps(text);
      while (!generator.next().done) steps += 1;
      expect(steps).toBeLessThanOrEqual(splitSentences(text).length + 1);
    }
  });
});
