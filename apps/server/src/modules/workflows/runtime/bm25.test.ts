import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
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
  createBm25Index,
  createRetriever,
  type Bm25Index,
  type IndexedKnowledgeSource,
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

/** Deterministic text: words drawn (skewed, so some are common) from a vocabulary of `size`. */
function prose(
  seed: number,
  characters: number,
  size = 3000,
  shape: 'paragraphs' | 'one paragraph' | 'lines' = 'paragraphs',
) {
  let state = seed * 7919 + 17;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  let text = '';
  while (text.length < characters) {
    const words = Array.from({ length: 6 + Math.floor(next() * 18) }, () => {
      const word = `t${Math.floor(next() ** 2 * size).toString(36)}`;
      return next() < 0.05 ? `${word}s` : word;
    });
    if (shape === 'lines') text += `- ${words.join(' ')}\n`;
    else
      text += `${next() < 0.2 ? 'The ' : ''}${words.join(' ')}. ${shape === 'paragraphs' && next() < 0.15 ? '\n\n' : ''}`;
  }
  return text.slice(0, characters);
}

/** Every hit of each query, exactly: the passage, its document and its score to the last bit. */
function results(index: Bm25Index, queries: string[]) {
  return queries.map((query) =>
    index.search(query, 10_000).map((hit) => [hit.passage.documentId, hit.passage.text, hit.score]),
  );
}

describe('incremental BM25 index', () => {
  const queries = ['t0', 't1 t2', 't3 t5 t8 ta', 'tb tc td te tf tg', 'title', 'the t0s t7', 'nothing'];
  // Ids out of order on purpose: the index keeps them in id order, as the database lists them.
  const pool = Array.from({ length: 14 }, (_, i) =>
    doc(`kdoc_${String((i * 5) % 14).padStart(2, '0')}`, prose(i, 600 + i * 900, 40), `Title ${String(i % 3)}`),
  );
  const fullBuild = (ids: Set<string>) =>
    buildBm25Index(pool.filter((d) => ids.has(d.id)).sort((a, b) => (a.id < b.id ? -1 : 1)));

  it('gives the same passages and scores, to the last bit, as a full rebuild after any adds and removes', () => {
    // Compacting after 4 dead passages: the renumbering runs too.
    for (const compactAfterDead of [4, 100_000]) {
      const index = createBm25Index({ order: 'id', compactAfterDead });
      const held = new Set<string>();
      let state = 3;
      for (let step = 0; step < 60; step += 1) {
        state = (state * 48271) % 2147483647;
        const document = pool[state % pool.length];
        if (!document) continue;
        if (held.has(document.id)) {
          expect(index.remove(document.id)).toBe(true);
          held.delete(document.id);
        } else {
          index.add(document);
          held.add(document.id);
        }
        const full = fullBuild(held);
        expect(results(index, queries)).toEqual(results(full, queries));
        for (const term of ['t0', 't1', 'title', 't0s', 'absent']) expect(index.idf(term)).toBe(full.idf(term));
        expect(index.passages).toEqual(full.passages);
        expect(index.documentIds()).toEqual([...held].sort());
      }
      expect(index.remove('kdoc_missing')).toBe(false);
    }
  });

  it('adds a document at its place in id order (ties rank as in a full build), whatever the order of the adds', () => {
    const twins = ['kdoc_b', 'kdoc_a', 'kdoc_c'].map((id) => doc(id, 'same words here', 'Same'));
    const index = createBm25Index({ order: 'id' });
    for (const twin of twins) index.add(twin);
    expect(index.search('same words', 3).map((hit) => hit.passage.documentId)).toEqual(['kdoc_a', 'kdoc_b', 'kdoc_c']);
    expect(() => index.add(twins[0] ?? doc('x', 'x'))).toThrow(/already indexed/);
  });
});

/** A source with ids and documents by id, recording what it was asked. */
function countingSource(bases: Record<string, ReturnType<typeof doc>[]>) {
  const asked: { user: string; what: 'version' | 'ids' | 'byId' | 'all'; ids?: string[] }[] = [];
  const ofUser = (userId: string) => [...(bases[userId] ?? [])].sort((a, b) => (a.id < b.id ? -1 : 1));
  const source: IndexedKnowledgeSource = {
    async version(userId) {
      asked.push({ user: userId, what: 'version' });
      return ofUser(userId)
        .map((d) => d.id)
        .join(',');
    },
    async documents(userId) {
      asked.push({ user: userId, what: 'all' });
      return ofUser(userId);
    },
    async documentIds(userId) {
      asked.push({ user: userId, what: 'ids' });
      return ofUser(userId).map((d) => d.id);
    },
    async documentsById(userId, ids) {
      asked.push({ user: userId, what: 'byId', ids });
      return ofUser(userId).filter((d) => ids.includes(d.id));
    },
  };
  return { source, asked };
}

describe('createRetriever, incrementally and off the event loop', () => {
  it('reads and indexes only the new document when one is added, and reads nothing when one is removed', async () => {
    const base = Array.from({ length: 6 }, (_, i) => doc(`kdoc_${String(i)}`, prose(i, 3000, 50)));
    const bases = { u1: [...base] };
    const { source, asked } = countingSource(bases);
    const retriever = createRetriever(source);
    const query = 't0 t1 t4';
    const expected = () => buildBm25Index([...bases.u1].sort((a, b) => (a.id < b.id ? -1 : 1))).search(query, 3);
    const scores = async () => (await retriever.retrieve('u1', query)).map((hit) => [hit.document_id, hit.score]);

    expect(await scores()).toEqual(expected().map((hit) => [hit.passage.documentId, hit.score]));
    asked.length = 0;
    bases.u1.push(doc('kdoc_9', 't0 t0 t0 refund'));
    expect(await scores()).toEqual(expected().map((hit) => [hit.passage.documentId, hit.score]));
    expect(asked).toEqual([
      { user: 'u1', what: 'version' },
      { user: 'u1', what: 'ids' },
      { user: 'u1', what: 'byId', ids: ['kdoc_9'] },
    ]);
    asked.length = 0;
    bases.u1.splice(2, 1);
    expect(await scores()).toEqual(expected().map((hit) => [hit.passage.documentId, hit.score]));
    expect(asked.map((a) => a.what)).toEqual(['version', 'ids']);
    asked.length = 0;
    await retriever.retrieve('u1', query);
    expect(asked.map((a) => a.what)).toEqual(['version']);
  });

  it('keeps the event loop turning while it builds a 5 M character index from cold', async () => {
    // 25 documents of 199,000 characters (the cap of one account), some in the shapes that cost
    // most to cut into passages: one long paragraph, one list of thousands of lines.
    const shapes = (['paragraphs', 'one paragraph', 'lines'] as const).map((shape, i) =>
      prose(i, 199_000, 20_000, shape),
    );
    const documents = Array.from({ length: 25 }, (_, i) =>
      doc(`kdoc_${String(i).padStart(2, '0')}`, shapes[i % 3] ?? ''),
    );
    const retriever = createRetriever(countingSource({ big: documents }).source);
    // How long each wait between two ticks of the timer was, and how much of it was this process's
    // CPU time: other processes on a busy machine can delay a timer, only our work blocks it. The
    // garbage collector's pauses inside a wait are taken out afterwards: collecting a heap that holds
    // 5 M characters can take a major pause on a loaded machine, which no yielding would shorten.
    const gaps: { start: number; end: number; blocked: number }[] = [];
    const gc: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => gc.push(...list.getEntries()));
    observer.observe({ entryTypes: ['gc'] });
    let lastWall = performance.now();
    let lastCpu = process.cpuUsage();
    const tick = () => {
      const now = performance.now();
      const used = process.cpuUsage(lastCpu);
      gaps.push({ start: lastWall, end: now, blocked: Math.min(now - lastWall, (used.user + used.system) / 1000) });
      lastWall = performance.now();
      lastCpu = process.cpuUsage();
    };
    const timer = setInterval(tick, 5);
    try {
      lastWall = performance.now();
      lastCpu = process.cpuUsage();
      const hits = await retriever.retrieve('big', 't1 t2 t3');
      // The wait since the last tick counts too (a build that never yields lets no tick run at all).
      tick();
      expect(hits).toHaveLength(3);
    } finally {
      clearInterval(timer);
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
    gc.push(...observer.takeRecords());
    observer.disconnect();
    const gcWithin = (start: number, end: number) =>
      gc.reduce(
        (sum, entry) =>
          sum + Math.max(0, Math.min(end, entry.startTime + entry.duration) - Math.max(start, entry.startTime)),
        0,
      );
    const maxWallGap = Math.max(...gaps.map((gap) => gap.end - gap.start));
    const maxBlocked = Math.max(...gaps.map((gap) => gap.blocked - gcWithin(gap.start, gap.end)));
    const maxWithGc = Math.max(...gaps.map((gap) => gap.blocked));
    console.info(
      `cold build of 5 M characters: event loop blocked at most ${maxBlocked.toFixed(0)} ms of CPU by the build (${maxWithGc.toFixed(0)} ms with garbage collection, ${maxWallGap.toFixed(0)} ms wall clock)`,
    );
    expect(maxBlocked).toBeLessThan(100);
  });

  it("answers one user's question while another user's large index is being built", async () => {
    const documents = Array.from({ length: 4 }, (_, i) => doc(`kdoc_${String(i)}`, prose(i, 100_000, 5_000)));
    const retriever = createRetriever(
      countingSource({ big: documents, small: [doc('kdoc_s', 'Refunds take 14 days.', 'Refunds')] }).source,
    );
    let bigDone = false;
    const big = retriever.retrieve('big', 't1').then(() => {
      bigDone = true;
    });
    const small = await retriever.retrieve('small', 'refund');
    expect(small[0]?.document_id).toBe('kdoc_s');
    expect(bigDone).toBe(false);
    await big;
  });

  it('lets a question of the same user wait for the update under way, then answers from it', async () => {
    const bases = { u1: [doc('kdoc_1', prose(1, 50_000, 500))] };
    const { source, asked } = countingSource(bases);
    const retriever = createRetriever(source);
    const [first, second] = await Promise.all([retriever.retrieve('u1', 't1'), retriever.retrieve('u1', 't1')]);
    expect(second).toEqual(first);
    // One build for both: the documents were read once.
    expect(asked.filter((a) => a.what === 'byId')).toHaveLength(1);
  });
});
