import type { Citation, KnowledgeSource } from './agent-runtime.js';
import { collapse, countWords, cutAtWord, splitSentences, tokenize } from './text.js';

/** Okapi BM25's usual parameters: term-frequency saturation and how much passage length counts. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** Passages are paragraphs merged or split to about this many words: long enough to hold an answer, short enough to cite. */
export const PASSAGE_MIN_WORDS = 80;
export const PASSAGE_MAX_WORDS = 200;
export const EXCERPT_MAX_CHARS = 300;
/** The retriever keeps the indexes of this many users (the most recently asked). */
export const CACHED_USERS = 50;
/** ...and of at most this many characters of documents in all, so a few large bases cannot fill the memory. */
export const CACHED_CHARACTERS = 20_000_000;

interface Piece {
  text: string;
  words: number;
}

/** A paragraph over the maximum, cut between sentences into pieces of about equal length. */
function splitLongParagraph(paragraph: string, words: number): Piece[] {
  const sentences: Piece[] = [];
  for (const sentence of splitSentences(paragraph)) {
    const count = countWords(sentence);
    if (count <= PASSAGE_MAX_WORDS) {
      sentences.push({ text: sentence, words: count });
      continue;
    }
    // A sentence longer than a passage (a table flattened into one line, say) is cut by words.
    const parts = sentence.split(/\s+/);
    for (let start = 0; start < parts.length; start += PASSAGE_MAX_WORDS) {
      const text = parts.slice(start, start + PASSAGE_MAX_WORDS).join(' ');
      sentences.push({ text, words: countWords(text) });
    }
  }
  const target = Math.ceil(words / Math.ceil(words / PASSAGE_MAX_WORDS));
  const pieces: Piece[] = [];
  let current: Piece | null = null;
  for (const sentence of sentences) {
    if (current && current.words < target && current.words + sentence.words <= PASSAGE_MAX_WORDS) {
      current.text += ` ${sentence.text}`;
      current.words += sentence.words;
    } else {
      current = { ...sentence };
      pieces.push(current);
    }
  }
  return pieces;
}

/**
 * A document's passages: its paragraphs (split on blank lines), short ones merged with the next
 * until they reach PASSAGE_MIN_WORDS, long ones cut between sentences to at most PASSAGE_MAX_WORDS.
 */
export function splitPassages(content: string): string[] {
  const units: Piece[] = [];
  for (const block of content.replace(/\r\n?/g, '\n').split(/\n[^\S\n]*\n/)) {
    const text = block.trim();
    const words = countWords(text);
    if (words === 0) continue;
    if (words <= PASSAGE_MAX_WORDS) units.push({ text, words });
    else units.push(...splitLongParagraph(text, words));
  }
  const passages: Piece[] = [];
  for (const unit of units) {
    const last = passages.at(-1);
    if (last && last.words < PASSAGE_MIN_WORDS && last.words + unit.words <= PASSAGE_MAX_WORDS) {
      last.text += `\n\n${unit.text}`;
      last.words += unit.words;
    } else {
      passages.push({ ...unit });
    }
  }
  // A short last paragraph joins the passage before it when they fit together.
  const tail = passages.at(-1);
  const before = passages.at(-2);
  if (tail && before && tail.words < PASSAGE_MIN_WORDS && before.words + tail.words <= PASSAGE_MAX_WORDS) {
    before.text += `\n\n${tail.text}`;
    passages.pop();
  }
  return passages.map((passage) => passage.text);
}

export interface Passage {
  documentId: string;
  title: string;
  text: string;
}

export interface SearchHit {
  passage: Passage;
  score: number;
}

export interface Bm25Index {
  readonly passages: readonly Passage[];
  /** The inverse document frequency of a term (as `tokenize` gives it); 0 for a term no passage has. */
  idf(term: string): number;
  /** The `k` best passages for the query, best first; passages sharing no term with it are left out. */
  search(query: string, k: number): SearchHit[];
}

/**
 * Okapi BM25 over the passages of the documents, built once. A passage's terms are its document's
 * title and its own text, so a question naming a document's subject finds its passages even when
 * they do not repeat the title. idf is the non-negative form, ln(1 + (N - n + 0.5) / (n + 0.5)):
 * a term in most passages still counts a little instead of counting against a passage.
 */
export function buildBm25Index(documents: readonly { id: string; title: string; content: string }[]): Bm25Index {
  const passages: Passage[] = [];
  const lengths: number[] = [];
  /** term -> [passage, term frequency, passage, term frequency, ...] */
  const postings = new Map<string, number[]>();
  for (const document of documents) {
    const titleTerms = tokenize(document.title);
    for (const text of splitPassages(document.content)) {
      const index = passages.length;
      passages.push({ documentId: document.id, title: document.title, text });
      const terms = [...titleTerms, ...tokenize(text)];
      lengths.push(terms.length);
      const frequencies = new Map<string, number>();
      for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      for (const [term, frequency] of frequencies) {
        const list = postings.get(term);
        if (list) list.push(index, frequency);
        else postings.set(term, [index, frequency]);
      }
    }
  }
  const count = passages.length;
  const averageLength = count > 0 ? lengths.reduce((sum, length) => sum + length, 0) / count : 0;

  function idf(term: string): number {
    const list = postings.get(term);
    if (!list) return 0;
    const containing = list.length / 2;
    return Math.log(1 + (count - containing + 0.5) / (containing + 0.5));
  }

  return {
    passages,
    idf,
    search(query, k) {
      if (count === 0 || k <= 0) return [];
      const scores = new Float64Array(count);
      const touched = new Set<number>();
      // A word asked twice is one need: each distinct query term counts once.
      for (const term of new Set(tokenize(query))) {
        const list = postings.get(term);
        if (!list) continue;
        const weight = idf(term);
        for (let at = 0; at < list.length; at += 2) {
          const index = list[at] ?? 0;
          const frequency = list[at + 1] ?? 0;
          const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (lengths[index] ?? 0)) / averageLength);
          scores[index] = (scores[index] ?? 0) + (weight * frequency * (BM25_K1 + 1)) / (frequency + norm);
          touched.add(index);
        }
      }
      return [...touched]
        .filter((index) => (scores[index] ?? 0) > 0)
        .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b)
        .slice(0, k)
        .map((index) => ({ passage: passages[index] as Passage, score: scores[index] ?? 0 }));
    },
  };
}

/**
 * At most EXCERPT_MAX_CHARS characters of a passage, cut on a word boundary: the whole passage when
 * it fits, else from the sentence that shares the most terms with the query (marked '…' when that is
 * not the first), so the excerpt shows why the passage was chosen.
 */
export function makeExcerpt(text: string, query: string, max = EXCERPT_MAX_CHARS): string {
  const flat = collapse(text);
  if (flat.length <= max) return flat;
  const wanted = new Set(tokenize(query));
  const sentences = splitSentences(text);
  let best = 0;
  let bestHits = 0;
  sentences.forEach((sentence, index) => {
    const hits = new Set(tokenize(sentence).filter((term) => wanted.has(term))).size;
    if (hits > bestHits) {
      best = index;
      bestHits = hits;
    }
  });
  if (best === 0) return cutAtWord(flat, max);
  return `…${cutAtWord(sentences.slice(best).join(' '), max - 1)}`;
}

/** A retrieved passage: what a citation shows, its BM25 score and its whole text (for the answer or the model's context). */
export interface RetrievedPassage extends Citation {
  score: number;
  text: string;
}

export interface Retriever {
  /** The user's `k` best passages for the query, best first (none when nothing matches). */
  retrieve(userId: string, query: string, k?: number): Promise<RetrievedPassage[]>;
}

/**
 * Retrieval from the user's knowledge base. Each call asks the source for the documents and their
 * version, and builds the index only when the version differs from the one cached for that user:
 * the index is the costly part. Least recently used users are dropped past CACHED_USERS users or
 * CACHED_CHARACTERS characters of documents.
 */
export function createRetriever(
  source: KnowledgeSource,
  limits: { users?: number; characters?: number } = {},
): Retriever {
  const maxUsers = limits.users ?? CACHED_USERS;
  const maxCharacters = limits.characters ?? CACHED_CHARACTERS;
  const cache = new Map<string, { version: string; index: Bm25Index; characters: number }>();
  let cachedCharacters = 0;

  function remember(userId: string, entry: { version: string; index: Bm25Index; characters: number }) {
    const previous = cache.get(userId);
    if (previous) {
      cachedCharacters -= previous.characters;
      cache.delete(userId);
    }
    // Re-inserted at the end: a Map keeps insertion order, so the first key is the least recently used.
    cache.set(userId, entry);
    cachedCharacters += entry.characters;
    for (const [oldest, dropped] of cache) {
      if (cache.size <= maxUsers && cachedCharacters <= maxCharacters) break;
      // The user just asked stays, even alone over the budget: dropping it would rebuild on every call.
      if (oldest === userId) break;
      cache.delete(oldest);
      cachedCharacters -= dropped.characters;
    }
  }

  return {
    async retrieve(userId, query, k = 3) {
      const version = await source.version(userId);
      const cached = cache.get(userId);
      let entry = cached;
      if (cached?.version !== version) {
        const documents = await source.documents(userId);
        entry = {
          version,
          index: buildBm25Index(documents),
          characters: documents.reduce((sum, document) => sum + document.content.length, 0),
        };
      }
      if (!entry) throw new Error('no index');
      remember(userId, entry);
      return entry.index.search(query, k).map(({ passage, score }) => ({
        document_id: passage.documentId,
        title: passage.title,
        excerpt: makeExcerpt(passage.text, query),
        score,
        text: passage.text,
      }));
    },
  };
}
