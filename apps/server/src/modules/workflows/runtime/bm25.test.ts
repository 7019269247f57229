import { describe, expect, it } from 'vitest';
import type { KnowledgeSource } from './agent-runtime.js';
import {
  BM25_B,
  BM25_K1,
  CACHED_USERS,
  EXCERPT_MAX_CHARS,
  PASSAGE_MAX_WORDS,
  PASSAGE_MIN_WORDS,
  buildBm25Index,
  createRetriever,
  makeExcerpt,
  splitPassages,
} from './bm25.js';
import { collapse, countWords } from './text.js';

/** A sentence of `words` distinct filler words (no stop words, no query terms of these tests). */
function filler(words: number, seed = 0): string {
  return Array.from({ length: words }, (_, i) => `w${String(seed)}x${String(i)}`).join(' ');
}

const doc = (id: string, content: string, title = `Title ${id}`) => ({ id, title, content });

describe('splitPassages', () => {
  it('merges short paragraphs up to the minimum and splits long ones under the maximum, losing no word', () => {
    const shortParagraphs = Array.from({ length: 6 }, (_, i) => `${filler(30, i)}.`).join('\n\n');
    const longParagraph = Array.from({ length: 40 }, (_, i) => `Sentence ${filler(12, 100 + i)}.`).join(' ');
    const content = `${shortParagraphs}\n\n${longParagraph}`;
    const passages = splitPassages(content);
    const counts = passages.map(countWords);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(countWords(content));
    for (const count of counts) expect(count).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
    for (const count of counts.slice(0, -1)) expect(count).toBeGreaterThanOrEqual(PASSAGE_MIN_WORDS);
    // Six 30-word paragraphs make two passages of three, not six of one.
    expect(counts.slice(0, 2)).toEqual([90, 90]);
    // 520 words of one paragraph: three pieces of about equal length.
    expect(counts.slice(2)).toHaveLength(3);
    expect(Math.max(...counts.slice(2)) - Math.min(...counts.slice(2))).toBeLessThan(40);
  });

  it('cuts a sentence longer than a passage by words, and gives nothing for an empty document', () => {
    const passages = splitPassages(filler(450));
    expect(passages.map(countWords)).toEqual([200, 200, 50]);
    expect(splitPassages('  \n\n  ')).toEqual([]);
  });
});

describe('BM25 index', () => {
  it('computes idf as ln(1 + (N - n + 0.5) / (n + 0.5))', () => {
    const index = buildBm25Index([doc('a', 'alpha common'), doc('b', 'beta common'), doc('c', 'gamma common')]);
    expect(index.idf('alpha')).toBeCloseTo(Math.log(1 + 2.5 / 1.5), 12);
    expect(index.idf('common')).toBeCloseTo(Math.log(1 + 0.5 / 3.5), 12);
    expect(index.idf('absent')).toBe(0);
    expect(index.idf('alpha')).toBeGreaterThan(index.idf('common'));
  });

  it('scores with k1 1.2 and b 0.75 against the average passage length', () => {
    // Titles without terms of their own ('-' has none), so a passage's length is its text's.
    const index = buildBm25Index([
      doc('a', 'kiwi kiwi mango', '-'),
      doc('b', 'mango papaya papaya papaya papaya', '-'),
      doc('c', 'papaya', '-'),
    ]);
    const [hit] = index.search('kiwi', 1);
    const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    const average = (3 + 5 + 1) / 3;
    const expected = (idf * 2 * (BM25_K1 + 1)) / (2 + BM25_K1 * (1 - BM25_B + (BM25_B * 3) / average));
    expect(hit?.passage.documentId).toBe('a');
    expect(hit?.score).toBeCloseTo(expected, 12);
  });

  it('ranks a passage with the rare query term above one full of common terms', () => {
    const index = buildBm25Index([
      doc('common', 'server server server server configuration server', '-'),
      doc('rare', 'the firewall blocks the server port', '-'),
      ...Array.from({ length: 6 }, (_, i) => doc(`other${String(i)}`, `server ${filler(5, i)}`, '-')),
    ]);
    const hits = index.search('server firewall', 3);
    expect(hits[0]?.passage.documentId).toBe('rare');
    expect(hits[1]?.passage.documentId).toBe('common');
  });

  it('normalises by length: the same term once counts more in a short passage', () => {
    const index = buildBm25Index([
      doc('long', `invoice ${filler(60, 1)}`, '-'),
      doc('short', `invoice ${filler(5, 2)}`, '-'),
      doc('twin', `invoice ${filler(5, 3)}`, '-'),
    ]);
    const hits = index.search('invoice', 3);
    expect(hits.map((hit) => hit.passage.documentId)).toEqual(['short', 'twin', 'long']);
    expect(hits[0]?.score).toBeCloseTo(hits[1]?.score ?? 0, 12);
    expect(hits[2]?.score).toBeLessThan(hits[0]?.score ?? 0);
  });

  it('saturates term frequency: twice the term scores more, but less than twice as much', () => {
    const index = buildBm25Index([
      doc('once', 'quota alpha beta gamma', '-'),
      doc('twice', 'quota quota beta gamma', '-'),
      doc('none', 'delta alpha beta gamma', '-'),
    ]);
    const [first, second] = index.search('quota', 2);
    expect(first?.passage.documentId).toBe('twice');
    expect(first?.score).toBeGreaterThan(second?.score ?? 0);
    expect(first?.score).toBeLessThan(2 * (second?.score ?? 0));
  });

  it('matches across diacritics and plurals, and searches titles too', () => {
    const index = buildBm25Index([
      doc('pt', 'A configuração do servidor faz-se no ficheiro nuvem.toml.', 'Servidor'),
      doc('en', 'Billing happens monthly.', 'Payment policies'),
      doc('x', 'Nothing here.', 'Other'),
    ]);
    expect(index.search('configuracao', 1)[0]?.passage.documentId).toBe('pt');
    expect(index.search('Configurações', 1)[0]?.passage.documentId).toBe('pt');
    expect(index.search('payment policy', 1)[0]?.passage.documentId).toBe('en');
  });

  it('finds nothing in an empty base, for stop words only, or for unknown terms', () => {
    expect(buildBm25Index([]).search('anything', 3)).toEqual([]);
    const index = buildBm25Index([doc('a', 'The container starts.')]);
    expect(index.search('the of and', 3)).toEqual([]);
    expect(index.search('kubernetes', 3)).toEqual([]);
    expect(index.search('container', 0)).toEqual([]);
  });
});

describe('makeExcerpt', () => {
  it('keeps a short passage whole and cuts a long one on a word boundary from the matching sentence', () => {
    expect(makeExcerpt('Short\npassage.', 'x')).toBe('Short passage.');
    const text = `${filler(40, 1)}. The refund window is fourteen days. ${filler(60, 2)}.`;
    const excerpt = makeExcerpt(text, 'refund window');
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX_CHARS);
    expect(excerpt.startsWith('…The refund window is fourteen days.')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    // Cut between words: what is left is a run of whole words of the passage.
    const words = excerpt.slice(1, -1).split(' ');
    const all = new Set(collapse(text).split(' '));
    for (const word of words) expect(all.has(word)).toBe(true);
  });
});

/** A knowledge source whose documents and version the test changes, counting how often it is asked. */
function fakeSource(initial: Record<string, { version: string; documents: ReturnType<typeof doc>[] }>) {
  const bases = { ...initial };
  const source: KnowledgeSource = {
    async version(userId) {
      return (bases[userId] ?? { version: 'empty' }).version;
    },
    async documents(userId) {
      return bases[userId]?.documents ?? [];
    },
  };
  return { source, bases };
}

describe('createRetriever', () => {
  it('gives citations with a score, an excerpt and the passage text, best first, at most k', async () => {
    const { source } = fakeSource({
      u1: {
        version: '1',
        documents: [
          doc('d1', 'Refunds are granted within 14 days.', 'Refund policy'),
          doc('d2', 'Containers start in seconds.', 'Containers'),
          doc('d3', 'A refund needs the order number.', 'Orders'),
        ],
      },
    });
    const retriever = createRetriever(source);
    const hits = await retriever.retrieve('u1', 'how do I get a refund');
    expect(hits.map((hit) => hit.document_id)).toEqual(['d1', 'd3']);
    expect(hits[0]).toMatchObject({ title: 'Refund policy', excerpt: 'Refunds are granted within 14 days.' });
    expect(hits[0]?.text).toBe('Refunds are granted within 14 days.');
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? Infinity);
    expect(await retriever.retrieve('u1', 'refund', 1)).toHaveLength(1);
    expect(await retriever.retrieve('nobody', 'refund')).toEqual([]);
  });

  it('reuses the index while the version is the same and rebuilds it when the version changes', async () => {
    const { source, bases } = fakeSource({ u1: { version: '1', documents: [doc('old', 'alpha release notes')] } });
    const retriever = createRetriever(source);
    expect((await retriever.retrieve('u1', 'alpha'))[0]?.document_id).toBe('old');

    // Same version: the cached index answers, so the changed documents are not seen yet.
    bases.u1 = { version: '1', documents: [doc('new', 'alpha release notes')] };
    expect((await retriever.retrieve('u1', 'alpha'))[0]?.document_id).toBe('old');

    bases.u1 = { version: '2', documents: [doc('new', 'alpha release notes')] };
    expect((await retriever.retrieve('u1', 'alpha'))[0]?.document_id).toBe('new');
    bases.u1 = { version: '3', documents: [] };
    expect(await retriever.retrieve('u1', 'alpha')).toEqual([]);
  });

  it(`keeps the indexes of at most ${String(CACHED_USERS)} users, dropping the least recently used`, async () => {
    const users = Array.from({ length: CACHED_USERS + 1 }, (_, i) => `u${String(i)}`);
    const { source, bases } = fakeSource(
      Object.fromEntries(users.map((user) => [user, { version: '1', documents: [doc('old', 'alpha')] }])),
    );
    const retriever = createRetriever(source);
    for (const user of users.slice(0, CACHED_USERS)) await retriever.retrieve(user, 'alpha');
    await retriever.retrieve('u0', 'alpha'); // u0 is now the most recent; u1 the least
    await retriever.retrieve(users[CACHED_USERS] ?? '', 'alpha'); // one more: u1 is dropped

    for (const user of users) bases[user] = { version: '1', documents: [doc('new', 'alpha')] };
    expect((await retriever.retrieve('u1', 'alpha'))[0]?.document_id).toBe('new');
    expect((await retriever.retrieve('u0', 'alpha'))[0]?.document_id).toBe('old');
  });

  it('also drops users past a budget of characters, but keeps the one just asked even alone over it', async () => {
    const big = `alpha ${filler(10)}`; // 66 characters: two of them are over a budget of 100
    const { source, bases } = fakeSource({
      a: { version: '1', documents: [doc('old', big)] },
      b: { version: '1', documents: [doc('old', big)] },
    });
    const retriever = createRetriever(source, { characters: 100 });
    await retriever.retrieve('a', 'alpha');
    await retriever.retrieve('b', 'alpha'); // over the budget: a, the least recent, is dropped
    bases.a = { version: '1', documents: [doc('new', big)] };
    bases.b = { version: '1', documents: [doc('new', big)] };
    expect((await retriever.retrieve('b', 'alpha'))[0]?.document_id).toBe('old');
    expect((await retriever.retrieve('a', 'alpha'))[0]?.document_id).toBe('new');

    const tiny = createRetriever(source, { characters: 10 });
    await tiny.retrieve('a', 'alpha');
    bases.a = { version: '1', documents: [doc('newer', big)] };
    expect((await tiny.retrieve('a', 'alpha'))[0]?.document_id).toBe('new');
  });
});
