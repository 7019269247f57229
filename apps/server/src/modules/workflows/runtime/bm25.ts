import type { Citation, KnowledgeSource } from './agent-runtime.js';
import { collapse, countWords, cutAtWord, runSteps, splitSentences, splitSentencesSteps, tokenize } from './text.js';

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
function* splitLongParagraph(paragraph: string, words: number): Generator<void, Piece[], void> {
  const sentences: Piece[] = [];
  for (const sentence of yield* splitSentencesSteps(paragraph)) {
    const count = countWords(sentence);
    if (count <= PASSAGE_MAX_WORDS) {
      sentences.push({ text: sentence, words: count });
      yield;
      continue;
    }
    // A sentence longer than a passage (a table flattened into one line, say) is cut by words.
    const parts = sentence.split(/\s+/);
    yield;
    for (let start = 0; start < parts.length; start += PASSAGE_MAX_WORDS) {
      const text = parts.slice(start, start + PASSAGE_MAX_WORDS).join(' ');
      sentences.push({ text, words: countWords(text) });
      yield;
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
  return runSteps(splitPassagesSteps(content));
}

/** `splitPassages` as steps, yielding between paragraphs and sentences (see `splitSentencesSteps`). */
function* splitPassagesSteps(content: string): Generator<void, string[], void> {
  const units: Piece[] = [];
  for (const block of content.replace(/\r\n?/g, '\n').split(/\n[^\S\n]*\n/)) {
    const text = block.trim();
    const words = countWords(text);
    yield;
    if (words === 0) continue;
    if (words <= PASSAGE_MAX_WORDS) units.push({ text, words });
    else units.push(...(yield* splitLongParagraph(text, words)));
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

export interface KnowledgeDocumentText {
  id: string;
  title: string;
  content: string;
}

export interface Bm25Index {
  /** The passages, in the order ties are broken in (documents in order, each document's passages in order). */
  readonly passages: readonly Passage[];
  /** The inverse document frequency of a term (as `tokenize` gives it); 0 for a term no passage has. */
  idf(term: string): number;
  /** The `k` best passages for the query, best first; passages sharing no term with it are left out. */
  search(query: string, k: number): SearchHit[];
}

/**
 * An index documents are added to and removed from one at a time: the work of a change is that
 * document's, whatever the size of the rest. Scores are the same, to the last bit, as those of an
 * index built at once from the same documents: the passage count, the total length and each term's
 * postings are kept exact (integers), and a query's terms are summed in the same order.
 */
export interface IncrementalBm25Index extends Bm25Index {
  /** Characters of the documents' contents, together. */
  readonly characters: number;
  has(documentId: string): boolean;
  /** A held document's title and length. */
  documentInfo(documentId: string): { title: string; characters: number } | undefined;
  /** The ids of the documents held, in their order. */
  documentIds(): string[];
  /** Adds a document (its id must be new), at once. */
  add(document: KnowledgeDocumentText): void;
  /** Removes a document's passages, at once; false when it is not held. */
  remove(documentId: string): boolean;
  /**
   * `add` and `remove` giving the event loop a turn whenever the pace says (every SLICE_MS of
   * work): a 200 K character document is never one long stall. The index must not be searched
   * before the promise settles (the retriever lets no question of that user in meanwhile).
   */
  addCooperatively(document: KnowledgeDocumentText, pace: Pace): Promise<void>;
  removeCooperatively(documentId: string, pace: Pace): Promise<boolean>;
}

/** Work done between two turns given to the event loop by a cooperative build. */
export const SLICE_MS = 8;

/** Gives the event loop a turn once `sliceMs` of work has gone by since the last one. */
export interface Pace {
  maybeYield(): Promise<void>;
}

export function createPace(sliceMs = SLICE_MS): Pace {
  let since = performance.now();
  return {
    async maybeYield() {
      if (performance.now() - since < sliceMs) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    },
  };
}

/** Runs steps to the end, yielding to the event loop as the pace says between them. */
async function runStepsCooperatively<T>(steps: Generator<void, T, void>, pace: Pace): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pace.maybeYield();
  }
}

interface HeldDocument {
  id: string;
  title: string;
  characters: number;
  /** Its passages are the slots first .. first + count - 1, in order. */
  first: number;
  count: number;
  /** The distinct terms of its passages: the postings a removal visits. */
  terms: string[];
}

/** Dead slots (of removed documents) are renumbered away once there are more than this many and more than live ones. */
const COMPACT_AFTER_DEAD = 4096;
/** Postings entries renumbered between two steps of a compaction. */
const ENTRIES_PER_STEP = 2048;

/**
 * Okapi BM25 over the passages of the documents. A passage's terms are its document's title and its
 * own text, so a question naming a document's subject finds its passages even when they do not
 * repeat the title. idf is the non-negative form, ln(1 + (N - n + 0.5) / (n + 0.5)): a term in most
 * passages still counts a little instead of counting against a passage.
 *
 * Documents are kept in the order they were added (`order: 'added'`) or by id (`order: 'id'`, the
 * retriever's: the order the database lists them in), and equal scores rank in that order.
 */
export function createBm25Index(
  options: { order?: 'added' | 'id'; compactAfterDead?: number } = {},
): IncrementalBm25Index {
  const byId = options.order === 'id';
  const compactAfterDead = options.compactAfterDead ?? COMPACT_AFTER_DEAD;
  /** Per slot: the passage (undefined once its document is removed), its length in terms and its document. */
  let slotPassages: (Passage | undefined)[] = [];
  let slotLengths: number[] = [];
  let slotDocuments: (HeldDocument | undefined)[] = [];
  /** term -> [slot, term frequency, slot, term frequency, ...], slots ascending. */
  const postings = new Map<string, number[]>();
  const documents = new Map<string, HeldDocument>();
  /** The documents' ids in their order; their ranks are recomputed when it changes. */
  const order: string[] = [];
  let ranks: Map<string, number> | null = null;
  let live = 0;
  let totalLength = 0;
  let characters = 0;

  function idf(term: string): number {
    const list = postings.get(term);
    if (!list) return 0;
    const containing = list.length / 2;
    return Math.log(1 + (live - containing + 0.5) / (containing + 0.5));
  }

  /** The first pair of a postings list whose slot is at least `slot`. */
  function lowerBound(list: number[], slot: number): number {
    let low = 0;
    let high = list.length / 2;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((list[middle * 2] ?? 0) < slot) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function* addSteps(document: KnowledgeDocumentText): Generator<void, void, void> {
    if (documents.has(document.id)) throw new Error(`document ${document.id} is already indexed`);
    const titleTerms = tokenize(document.title);
    const texts = yield* splitPassagesSteps(document.content);
    const held: HeldDocument = {
      id: document.id,
      title: document.title,
      characters: document.content.length,
      first: slotPassages.length,
      count: texts.length,
      terms: [],
    };
    const terms = new Set<string>();
    for (const text of texts) {
      const slot = slotPassages.length;
      const passageTerms = [...titleTerms, ...tokenize(text)];
      const frequencies = new Map<string, number>();
      for (const term of passageTerms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      slotPassages.push({ documentId: document.id, title: document.title, text });
      slotLengths.push(passageTerms.length);
      slotDocuments.push(held);
      totalLength += passageTerms.length;
      for (const [term, frequency] of frequencies) {
        terms.add(term);
        // New slots are the highest: appending keeps each list ascending.
        const list = postings.get(term);
        if (list) list.push(slot, frequency);
        else postings.set(term, [slot, frequency]);
      }
      yield;
    }
    held.terms = [...terms];
    documents.set(held.id, held);
    live += held.count;
    characters += held.characters;
    if (byId) {
      let at = order.length;
      while (at > 0 && (order[at - 1] ?? '') > held.id) at -= 1;
      order.splice(at, 0, held.id);
    } else {
      order.push(held.id);
    }
    ranks = null;
  }

  function* removeSteps(documentId: string): Generator<void, boolean, void> {
    const held = documents.get(documentId);
    if (!held) return false;
    const end = held.first + held.count;
    for (const term of held.terms) {
      const list = postings.get(term);
      if (!list) continue;
      const from = lowerBound(list, held.first);
      const to = lowerBound(list, end);
      list.splice(from * 2, (to - from) * 2);
      if (list.length === 0) postings.delete(term);
      yield;
    }
    for (let slot = held.first; slot < end; slot += 1) {
      totalLength -= slotLengths[slot] ?? 0;
      slotPassages[slot] = undefined;
      slotDocuments[slot] = undefined;
    }
    documents.delete(documentId);
    order.splice(order.indexOf(documentId), 1);
    ranks = null;
    live -= held.count;
    characters -= held.characters;
    const dead = slotPassages.length - live;
    if (dead > compactAfterDead && dead > live) yield* compactSteps();
    return true;
  }

  /** Renumbers the live slots 0..live-1 (in the same order), dropping the dead ones. */
  function* compactSteps(): Generator<void, void, void> {
    const renumbered = new Int32Array(slotPassages.length).fill(-1);
    const passages: (Passage | undefined)[] = [];
    const lengths: number[] = [];
    const owners: (HeldDocument | undefined)[] = [];
    slotPassages.forEach((passage, slot) => {
      if (!passage) return;
      renumbered[slot] = passages.length;
      passages.push(passage);
      lengths.push(slotLengths[slot] ?? 0);
      owners.push(slotDocuments[slot]);
    });
    let visited = 0;
    for (const list of postings.values()) {
      for (let at = 0; at < list.length; at += 2) list[at] = renumbered[list[at] ?? 0] ?? 0;
      visited += list.length;
      if (visited >= ENTRIES_PER_STEP) {
        visited = 0;
        yield;
      }
    }
    for (const held of documents.values()) held.first = renumbered[held.first] ?? 0;
    slotPassages = passages;
    slotLengths = lengths;
    slotDocuments = owners;
  }

  function rankOf(slot: number): number {
    if (!ranks) ranks = new Map(order.map((id, rank) => [id, rank]));
    return ranks.get(slotDocuments[slot]?.id ?? '') ?? 0;
  }

  return {
    get passages() {
      return order.flatMap((id) => {
        const held = documents.get(id);
        return held ? (slotPassages.slice(held.first, held.first + held.count) as Passage[]) : [];
      });
    },
    get characters() {
      return characters;
    },
    idf,
    has: (documentId) => documents.has(documentId),
    documentInfo(documentId) {
      const held = documents.get(documentId);
      return held ? { title: held.title, characters: held.characters } : undefined;
    },
    documentIds: () => [...order],
    add(document) {
      runSteps(addSteps(document));
    },
    remove(documentId) {
      return runSteps(removeSteps(documentId));
    },
    addCooperatively(document, pace) {
      return runStepsCooperatively(addSteps(document), pace);
    },
    removeCooperatively(documentId, pace) {
      return runStepsCooperatively(removeSteps(documentId), pace);
    },
    search(query, k) {
      if (live === 0 || k <= 0) return [];
      const averageLength = totalLength / live;
      const scores = new Float64Array(slotPassages.length);
      const touched = new Set<number>();
      // A word asked twice is one need: each distinct query term counts once.
      for (const term of new Set(tokenize(query))) {
        const list = postings.get(term);
        if (!list) continue;
        const weight = idf(term);
        for (let at = 0; at < list.length; at += 2) {
          const slot = list[at] ?? 0;
          const frequency = list[at + 1] ?? 0;
          const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (slotLengths[slot] ?? 0)) / averageLength);
          scores[slot] = (scores[slot] ?? 0) + (weight * frequency * (BM25_K1 + 1)) / (frequency + norm);
          touched.add(slot);
        }
      }
      return [...touched]
        .filter((slot) => (scores[slot] ?? 0) > 0)
        .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || rankOf(a) - rankOf(b) || a - b)
        .slice(0, k)
        .map((slot) => ({ passage: slotPassages[slot] as Passage, score: scores[slot] ?? 0 }));
    },
  };
}

/** An index of the documents, built at once (equal scores rank in the documents' order). */
export function buildBm25Index(documents: readonly KnowledgeDocumentText[]): IncrementalBm25Index {
  const index = createBm25Index();
  for (const document of documents) index.add(document);
  return index;
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
 * Where the retriever reads a user's documents: `KnowledgeSource` (a version, and all the documents)
 * and, when the source has them, the ids alone and documents by id, so a change reads only the
 * documents the index lacks (a 5 M character base is not read again for one new document).
 */
export interface IndexedKnowledgeSource extends KnowledgeSource {
  documentIds?(userId: string): Promise<string[]>;
  documentsById?(userId: string, ids: string[]): Promise<KnowledgeDocumentText[]>;
}

/**
 * Retrieval from the user's knowledge base. Each call asks the source for the version of the
 * user's documents; when it differs from the cached index's, the index is brought up to date one
 * document at a time (the removed ones taken out, the new ones added), not rebuilt. Building or
 * updating gives the event loop a turn every SLICE_MS of work, and each user's index is updated on
 * its own: a question waits only for its own user's index, never for another user's. Least recently
 * used users are dropped past CACHED_USERS users or CACHED_CHARACTERS characters of documents.
 */
export function createRetriever(
  source: IndexedKnowledgeSource,
  limits: { users?: number; characters?: number; sliceMs?: number } = {},
): Retriever {
  const maxUsers = limits.users ?? CACHED_USERS;
  const maxCharacters = limits.characters ?? CACHED_CHARACTERS;
  interface Entry {
    /** The version of the documents the index holds; null while an update of it is under way. */
    version: string | null;
    /** When the last update started: the index holds at least the documents of any version read before. */
    updatedFrom: number;
    index: IncrementalBm25Index;
  }
  /** In least recently used order: a Map keeps insertion order, so the first key is the least recent. */
  const cache = new Map<string, Entry>();
  /** The update under way for each user. */
  const updating = new Map<string, Promise<void>>();

  function remember(userId: string, entry: Entry) {
    cache.delete(userId);
    cache.set(userId, entry);
    let cachedCharacters = 0;
    for (const cached of cache.values()) cachedCharacters += cached.index.characters;
    for (const [oldest, dropped] of cache) {
      if (cache.size <= maxUsers && cachedCharacters <= maxCharacters) break;
      // The user just asked stays, even alone over the budget: dropping it would rebuild on every call.
      if (oldest === userId) break;
      cache.delete(oldest);
      cachedCharacters -= dropped.index.characters;
    }
  }

  /** Brings the entry's index to the user's documents now: out with the removed, in with the new. */
  async function update(userId: string, version: string, entry: Entry): Promise<void> {
    const pace = createPace(limits.sliceMs);
    const { index } = entry;
    const byId = source.documentsById?.bind(source);
    let ids: string[];
    let read: Map<string, KnowledgeDocumentText> | null = null;
    if (source.documentIds && byId) {
      ids = await source.documentIds(userId);
    } else {
      const documents = await source.documents(userId);
      read = new Map(documents.map((document) => [document.id, document]));
      ids = documents.map((document) => document.id);
    }
    const wanted = new Set(ids);
    for (const id of index.documentIds()) {
      // Documents are never edited (a change is a new document); a source giving the contents is still believed.
      const document = read?.get(id);
      const held = index.documentInfo(id);
      const changed = document && (document.title !== held?.title || document.content.length !== held.characters);
      if (!wanted.has(id) || changed) await index.removeCooperatively(id, pace);
    }
    for (const id of ids) {
      if (index.has(id)) continue;
      const document = read ? read.get(id) : (await byId?.(userId, [id]))?.[0];
      // Deleted since the ids were read: the next version leaves it out.
      if (document) await index.addCooperatively(document, pace);
    }
    entry.version = version;
  }

  /**
   * Updates the user's index to `version`, or waits for the update under way (one per user at a
   * time). While one runs the entry's version is null: no question of that user searches a half
   * changed index, and those of other users are not held up.
   */
  async function updateTo(userId: string, version: string): Promise<void> {
    const running = updating.get(userId);
    if (running) {
      await running.catch(() => undefined);
      return;
    }
    const cached = cache.get(userId);
    const entry: Entry = cached ?? { version: null, updatedFrom: 0, index: createBm25Index({ order: 'id' }) };
    entry.version = null;
    entry.updatedFrom = performance.now();
    const job = update(userId, version, entry).then(
      () => remember(userId, entry),
      (error: unknown) => {
        // Half done: dropped, built again by the next question.
        cache.delete(userId);
        throw error;
      },
    );
    updating.set(userId, job);
    try {
      await job;
    } finally {
      updating.delete(userId);
    }
  }

  return {
    async retrieve(userId, query, k = 3) {
      const asked = performance.now();
      const version = await source.version(userId);
      let entry = cache.get(userId);
      // Checked and searched in one go (no await between): the index cannot change in between. An
      // index updated since the question came holds its documents, whatever version it is at now.
      while (!entry || entry.version === null || (entry.version !== version && entry.updatedFrom < asked)) {
        await updateTo(userId, version);
        entry = cache.get(userId);
      }
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
