/**
 * The classifier's features: hashed character n-grams (4 and 5) and word 1- and 2-grams of the folded
 * text, signed (a second hash bit picks +1 or -1, so collisions cancel rather than add up), damped
 * (log 1 + count) and scaled to unit length. Length itself is no feature: a long prompt and a short
 * one with the same wording look alike.
 */

export interface FeatureConfig {
  /** log2 of the number of buckets. */
  bits: number;
  charMin: number;
  charMax: number;
  /** Weight of word n-grams against character n-grams before normalising. */
  wordWeight: number;
}

/** 4- and 5-grams: as good as 3- to 5-grams in cross-validation (AUC 0.997 either way), a third cheaper. */
export const DEFAULT_FEATURES: FeatureConfig = { bits: 16, charMin: 4, charMax: 5, wordWeight: 1 };

/**
 * Sliding windows over a long folded text. A short injection in kilobytes of ordinary text barely
 * moves the score of the whole (its features are a sliver of a unit-length vector), so a text longer
 * than `chars` is also scored in windows of `chars` characters, `step` apart (50% overlap: an
 * injection of up to `step` characters lies whole in some window); the best window is judged.
 *
 * About a sentence each: in cross-validation (training/evaluate.ts, which pads short held-out
 * prompts with 3 KB of held-out benign text on each side), windows of 512 characters and of 128
 * found about as many of the hidden attacks (some 82%), but the 512-character ones blocked more of
 * the long benign texts (4.1% against 2.6%); an 85-character injection is a sixth of a 512-character
 * window and still diluted. Windows have thresholds of their own (ModelFile.windowThresholds).
 */
export const WINDOW = { chars: 128, step: 64 } as const;
/** How far a block boundary moves forward to fall at the start of a word. */
const SNAP = 16;
const isBreak = (c: number) => c === 32 || c === 10;

/**
 * Where the blocks of a long folded text start, and its length: 0, then about every `step`
 * characters (moved forward to a word's start when one is near), then the end; window k spans blocks
 * k and k + 1. Null when the text fits in one window.
 */
export function windowBlocks(text: string, chars: number = WINDOW.chars, step: number = WINDOW.step): number[] | null {
  const n = text.length;
  if (n <= chars) return null;
  const blocks = [0];
  for (let nominal = step; nominal < n; nominal += step) {
    let at = nominal;
    while (at < n && at < nominal + SNAP && !isBreak(text.charCodeAt(at - 1))) at++;
    if (!isBreak(text.charCodeAt(at - 1))) at = nominal;
    if (at < n) blocks.push(at);
  }
  // A last block of less than half a step is joined to the one before.
  if (blocks.length > 2 && n - (blocks[blocks.length - 1] ?? 0) < step / 2) blocks.pop();
  blocks.push(n);
  return blocks;
}

/** The windows of a long folded text as spans (none when it fits in one). */
export function windowSpans(text: string): { start: number; end: number }[] {
  const blocks = windowBlocks(text);
  if (!blocks) return [];
  const spans: { start: number; end: number }[] = [];
  for (let k = 0; k + 2 < blocks.length; k++) spans.push({ start: blocks[k] ?? 0, end: blocks[k + 2] ?? 0 });
  return spans;
}

/** Growable parallel arrays of feature occurrences: where each starts, its bucket and its signed weight. */
class Occurrences {
  at = new Int32Array(1 << 12);
  bucket = new Int32Array(1 << 12);
  weight = new Int32Array(1 << 12);
  length = 0;

  push(at: number, bucket: number, weight: number): void {
    if (this.length === this.at.length) {
      const size = this.at.length * 2;
      const grownAt = new Int32Array(size);
      const grownBucket = new Int32Array(size);
      const grownWeight = new Int32Array(size);
      grownAt.set(this.at);
      grownBucket.set(this.bucket);
      grownWeight.set(this.weight);
      this.at = grownAt;
      this.bucket = grownBucket;
      this.weight = grownWeight;
    }
    this.at[this.length] = at;
    this.bucket[this.length] = bucket;
    this.weight[this.length] = weight;
    this.length++;
  }
}

/** A sparse, unit-length feature vector. */
export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Base of the rolling polynomial hash of character n-grams. */
const BASE = 0x01000193;
const GOLDEN = 0x9e3779b1;
const WORD_SALT = 0x27d4eb2f;
const BIGRAM_SALT = 0x165667b1;
/** Salt per n-gram order, so a 4-gram and a 5-gram never share a hash by construction. */
const orderSalt = (length: number) => Math.imul(length, 0x85ebca6b);

/** log(1 + k) for the small whole counts nearly every bucket holds. */
const LOG1P = Float64Array.from({ length: 64 }, (_, k) => Math.log1p(k));

const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 || c > 127;

/**
 * Turns folded texts into feature vectors, reusing one scratch buffer (not re-entrant). A hash is
 * spread by Fibonacci hashing (times the golden ratio); its top bits pick the bucket and the next
 * bit the sign.
 */
export class FeatureHasher {
  readonly config: FeatureConfig;
  private readonly shift: number;
  private readonly signBit: number;
  /** Signed counts per bucket (zero between calls) and the buckets touched, in order. */
  private readonly counts: Float32Array;
  private touched = new Int32Array(1 << 12);
  private used = 0;
  /** Scratch for windows: the occurrences of the last text recorded, in order of start, and its words. */
  private readonly words = new Occurrences();
  /**
   * The character n-grams of the last text recorded, (charMax - charMin + 1) slots per position i of
   * the padded text (slot i * lengths + length - charMin): (bucket + 1) times the sign, or 0 past the
   * end. Their place is implied: the one at padded position i starts at text offset max(0, i - 1).
   */
  private chars = new Int32Array(1 << 12);
  private charSlots = 0;
  /** Whole counts per bucket of the window being scored (zero between calls). */
  private windowCounts: Int32Array | undefined;

  constructor(config: FeatureConfig = DEFAULT_FEATURES) {
    if (config.bits < 8 || config.bits > 24) throw new Error('features: bits must be 8 to 24');
    // Windows keep whole counts (see windowDots).
    if (!Number.isInteger(config.wordWeight)) throw new Error('features: wordWeight must be a whole number');
    this.config = config;
    this.shift = 32 - config.bits;
    this.signBit = 1 << (this.shift - 1);
    this.counts = new Float32Array(1 << config.bits);
  }

  private grow(): void {
    const grown = new Int32Array(this.touched.length * 2);
    grown.set(this.touched);
    this.touched = grown;
  }

  /** Bucket and sign of a hash. */
  private spread(hash: number): { index: number; sign: number } {
    const x = Math.imul(hash ^ (hash >>> 16), GOLDEN);
    return { index: x >>> this.shift, sign: x & this.signBit ? -1 : 1 };
  }

  private add(hash: number, weight: number): void {
    const x = Math.imul(hash ^ (hash >>> 16), GOLDEN);
    const index = x >>> this.shift;
    if (this.counts[index] === 0) {
      if (this.used === this.touched.length) this.grow();
      this.touched[this.used++] = index;
    }
    // A count that comes back to exactly zero is nudged off it, so the bucket is listed once.
    this.counts[index] = (this.counts[index] ?? 0) + (x & this.signBit ? -weight : weight) || 1e-30;
  }

  private static wordHash(text: string, start: number, end: number): number {
    let h = FNV_OFFSET;
    for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
    return h;
  }

  /** Each word bigram of a folded text (unigram for a lone word): its span, bucket and sign. */
  wordPairs(text: string, visit: (start: number, end: number, index: number, sign: number) => void): void {
    let previous = 0;
    let previousStart = -1;
    for (let i = 0; i < text.length;) {
      while (i < text.length && !isWordChar(text.charCodeAt(i))) i++;
      if (i >= text.length) break;
      const start = i;
      while (i < text.length && isWordChar(text.charCodeAt(i))) i++;
      const h = FeatureHasher.wordHash(text, start, i);
      const { index, sign } = this.spread(
        previousStart >= 0 ? Math.imul(previous, 31) ^ h ^ BIGRAM_SALT : h ^ WORD_SALT,
      );
      visit(previousStart >= 0 ? previousStart : start, i, index, sign);
      previous = h;
      previousStart = start;
    }
  }

  /** Counts the n-grams of a folded text into `counts`, listing the buckets touched in `touched[0, used)`. */
  private accumulate(text: string): void {
    const { charMin, charMax, wordWeight } = this.config;
    // Character n-grams over the text padded with a space at each end, by a rolling polynomial hash:
    // the shortest n-gram at i from the one at i - 1, each longer one by one more character.
    // (The hot loop: add() written out, the same arithmetic.)
    const padded = ` ${text} `;
    const n = padded.length;
    const counts = this.counts;
    const shift = this.shift;
    const signBit = this.signBit;
    let touched = this.touched;
    let used = 0;
    let drop = 1;
    for (let k = 1; k < charMin; k++) drop = Math.imul(drop, BASE);
    let h = 0;
    for (let k = 0; k < charMin && k < n; k++) h = (Math.imul(h, BASE) + padded.charCodeAt(k)) | 0;
    for (let i = 0; i + charMin <= n; i++) {
      if (i > 0) {
        h =
          (Math.imul((h - Math.imul(padded.charCodeAt(i - 1), drop)) | 0, BASE) + padded.charCodeAt(i + charMin - 1)) |
          0;
      }
      let g = h;
      for (let length = charMin; length <= charMax && i + length <= n; length++) {
        if (length > charMin) g = (Math.imul(g, BASE) + padded.charCodeAt(i + length - 1)) | 0;
        const salted = g ^ orderSalt(length);
        const x = Math.imul(salted ^ (salted >>> 16), GOLDEN);
        const index = x >>> shift;
        const count = counts[index] ?? 0;
        if (count === 0) {
          if (used === touched.length) {
            this.touched = touched;
            this.grow();
            touched = this.touched;
          }
          touched[used++] = index;
        }
        counts[index] = count + (x & signBit ? -1 : 1) || 1e-30;
      }
    }
    this.touched = touched;
    this.used = used;
    // Word unigrams and bigrams.
    let previous = 0;
    let hasPrevious = false;
    for (let i = 0; i < text.length;) {
      while (i < text.length && !isWordChar(text.charCodeAt(i))) i++;
      if (i >= text.length) break;
      const start = i;
      while (i < text.length && isWordChar(text.charCodeAt(i))) i++;
      const word = FeatureHasher.wordHash(text, start, i);
      this.add(word ^ WORD_SALT, wordWeight);
      if (hasPrevious) this.add(Math.imul(previous, 31) ^ word ^ BIGRAM_SALT, wordWeight);
      previous = word;
      hasPrevious = true;
    }
  }

  /** The damped value of a bucket's signed count: sign * log(1 + |count|). */
  private static damp(raw: number): number {
    const magnitude = raw < 0 ? -raw : raw;
    const whole = magnitude | 0;
    const damped = whole === magnitude && whole < 64 ? (LOG1P[whole] ?? 0) : Math.log1p(magnitude);
    return raw < 0 ? -damped : damped;
  }

  /** The unit-length feature vector of a folded text. */
  vector(text: string): SparseVector {
    this.accumulate(text);
    return this.collect();
  }

  /** The counts as a unit-length vector; zeroes them for the next text. */
  private collect(): SparseVector {
    // Damp counts (log 1 + |count|), then scale to unit length; zero the buckets for the next text.
    const counts = this.counts;
    const indices = new Int32Array(this.used);
    const values = new Float32Array(this.used);
    let norm = 0;
    for (let k = 0; k < this.used; k++) {
      const index = this.touched[k] ?? 0;
      const value = FeatureHasher.damp(counts[index] ?? 0);
      counts[index] = 0;
      indices[k] = index;
      values[k] = value;
      norm += value * value;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let k = 0; k < values.length; k++) values[k] = (values[k] ?? 0) * scale;
    return { indices, values };
  }

  /**
   * The dot product of a folded text's unit-length feature vector with `weights` (one per bucket),
   * without building the vector: what scoring a text needs (the same score as `vector`, up to the
   * float32 rounding of its values).
   */
  dot(text: string, weights: ArrayLike<number>): number {
    this.accumulate(text);
    return this.finish(weights);
  }

  /** The dot product of the counts' unit-length vector with `weights`; zeroes the counts. */
  private finish(weights: ArrayLike<number>): number {
    const counts = this.counts;
    let dot = 0;
    let norm = 0;
    for (let k = 0; k < this.used; k++) {
      const index = this.touched[k] ?? 0;
      const value = FeatureHasher.damp(counts[index] ?? 0);
      counts[index] = 0;
      dot += (weights[index] ?? 0) * value;
      norm += value * value;
    }
    return norm > 0 ? dot / Math.sqrt(norm) : 0;
  }

  /**
   * Every feature occurrence of a folded text, by where it starts: the character n-grams (see
   * `chars`), and the words and word pairs at their first word, in order of start; the same n-grams,
   * hashes and weights as `accumulate`, which it also does (the counts of the whole text are left in
   * `counts`, its buckets in `touched`).
   */
  private record(text: string): void {
    const { charMin, charMax, wordWeight } = this.config;
    const shift = this.shift;
    const signBit = this.signBit;
    const counts = this.counts;
    const padded = ` ${text} `;
    const n = padded.length;
    const lengths = charMax - charMin + 1;
    const positions = Math.max(0, n - charMin + 1);
    const room = positions * lengths + 2 * text.length;
    if (this.chars.length < positions * lengths)
      this.chars = new Int32Array(Math.max(positions * lengths, this.chars.length * 2));
    if (this.touched.length < room) this.touched = new Int32Array(Math.max(room, this.touched.length * 2));
    const chars = this.chars;
    const touched = this.touched;
    let used = 0;
    let drop = 1;
    for (let k = 1; k < charMin; k++) drop = Math.imul(drop, BASE);
    let h = 0;
    for (let k = 0; k < charMin && k < n; k++) h = (Math.imul(h, BASE) + padded.charCodeAt(k)) | 0;
    for (let i = 0; i < positions; i++) {
      if (i > 0) {
        h =
          (Math.imul((h - Math.imul(padded.charCodeAt(i - 1), drop)) | 0, BASE) + padded.charCodeAt(i + charMin - 1)) |
          0;
      }
      let g = h;
      for (let size = charMin; size <= charMax; size++) {
        const slot = i * lengths + size - charMin;
        if (i + size > n) {
          chars[slot] = 0;
          continue;
        }
        if (size > charMin) g = (Math.imul(g, BASE) + padded.charCodeAt(i + size - 1)) | 0;
        const salted = g ^ orderSalt(size);
        const x = Math.imul(salted ^ (salted >>> 16), GOLDEN);
        const bucket = x >>> shift;
        const count = counts[bucket] ?? 0;
        if (count === 0) touched[used++] = bucket;
        if (x & signBit) {
          counts[bucket] = count - 1 || 1e-30;
          chars[slot] = -(bucket + 1);
        } else {
          counts[bucket] = count + 1 || 1e-30;
          chars[slot] = bucket + 1;
        }
      }
    }
    this.charSlots = positions * lengths;
    const words = this.words;
    words.length = 0;
    let previous = 0;
    let previousStart = -1;
    for (let i = 0; i < text.length;) {
      while (i < text.length && !isWordChar(text.charCodeAt(i))) i++;
      if (i >= text.length) break;
      const start = i;
      while (i < text.length && isWordChar(text.charCodeAt(i))) i++;
      const word = FeatureHasher.wordHash(text, start, i);
      // The pair (at the previous word) before the word itself, so the list stays in order of start.
      if (previousStart >= 0) {
        const pair = Math.imul(previous, 31) ^ word ^ BIGRAM_SALT;
        const x = Math.imul(pair ^ (pair >>> 16), GOLDEN);
        words.push(previousStart, x >>> shift, x & signBit ? -wordWeight : wordWeight);
      }
      const unigram = Math.imul(word ^ WORD_SALT ^ ((word ^ WORD_SALT) >>> 16), GOLDEN);
      words.push(start, unigram >>> shift, unigram & signBit ? -wordWeight : wordWeight);
      previous = word;
      previousStart = start;
    }
    for (let k = 0; k < words.length; k++) {
      const bucket = words.bucket[k] ?? 0;
      const count = counts[bucket] ?? 0;
      if (count === 0) touched[used++] = bucket;
      counts[bucket] = count + (words.weight[k] ?? 0) || 1e-30;
    }
    this.used = used;
  }

  /** The slots of the character n-grams that start in [start, end) of the text (see `chars`). */
  private charRange(start: number, end: number): { from: number; to: number } {
    const lengths = this.config.charMax - this.config.charMin + 1;
    const positions = this.charSlots / lengths;
    const first = start === 0 ? 0 : Math.min(positions, start + 1);
    const last = Math.min(positions, end + 1);
    return { from: first * lengths, to: last * lengths };
  }

  /**
   * The unit-length feature vectors of a long folded text's windows (see `windowBlocks`): each holds
   * the occurrences that start in it. Empty when the text fits in one window.
   */
  windowVectors(text: string): SparseVector[] {
    const blocks = windowBlocks(text);
    if (!blocks) return [];
    this.record(text);
    this.collect();
    const { words, chars, counts } = this;
    const vectors: SparseVector[] = [];
    const add = (bucket: number, weight: number) => {
      const count = counts[bucket] ?? 0;
      if (count === 0) this.touched[this.used++] = bucket;
      counts[bucket] = count + weight || 1e-30;
    };
    for (let k = 0; k + 2 < blocks.length; k++) {
      const start = blocks[k] ?? 0;
      const end = blocks[k + 2] ?? 0;
      this.used = 0;
      const { from, to } = this.charRange(start, end);
      for (let slot = from; slot < to; slot++) {
        const packed = chars[slot] ?? 0;
        if (packed !== 0) add(packed > 0 ? packed - 1 : -packed - 1, packed > 0 ? 1 : -1);
      }
      for (let o = firstAt(words, start); o < words.length && (words.at[o] ?? 0) < end; o++) {
        add(words.bucket[o] ?? 0, words.weight[o] ?? 0);
      }
      vectors.push(this.collect());
    }
    return vectors;
  }

  /**
   * The dot products with `weights` of a long folded text's unit-length vector and of its windows'
   * (as `vector` and `windowVectors` would give them), from one hashing of the text: each window in
   * turn (window k + 1 is window k less a block and plus the next), following the dot product and
   * squared norm through each change of a count. Null when the text fits in one window.
   */
  windowDots(text: string, weights: ArrayLike<number>): { whole: number; windows: number[] } | null {
    const blocks = windowBlocks(text);
    if (!blocks) return null;
    this.record(text);
    const whole = this.finish(weights);
    const { words, chars } = this;
    const counts = (this.windowCounts ??= new Int32Array(this.counts.length));
    const charAt = blocks.map((at) => this.charRange(at, at).from);
    const wordAt = blocks.map((at) => firstAt(words, at));
    const windows: number[] = [];
    const slide = new Float64Array(2);
    for (let k = 0; k + 2 < blocks.length; k++) {
      // Window k is blocks k and k + 1: add block k + 1 (both, for the first), take block k - 1 away.
      const add = k === 0 ? 0 : k + 1;
      changeChars(slide, counts, weights, chars, charAt[add] ?? 0, charAt[k + 2] ?? 0, 1);
      change(slide, counts, weights, words, wordAt[add] ?? 0, wordAt[k + 2] ?? 0, 1);
      if (k > 0) {
        changeChars(slide, counts, weights, chars, charAt[k - 1] ?? 0, charAt[k] ?? 0, -1);
        change(slide, counts, weights, words, wordAt[k - 1] ?? 0, wordAt[k] ?? 0, -1);
      }
      const norm = slide[1] ?? 0;
      windows.push(norm > 1e-12 ? (slide[0] ?? 0) / Math.sqrt(norm) : 0);
    }
    // Zero what the last window left.
    const last = blocks.length - 3;
    for (let slot = charAt[last] ?? 0; slot < this.charSlots; slot++) {
      const packed = chars[slot] ?? 0;
      if (packed !== 0) counts[packed > 0 ? packed - 1 : -packed - 1] = 0;
    }
    for (let o = wordAt[last] ?? 0; o < words.length; o++) counts[words.bucket[o] ?? 0] = 0;
    return { whole, windows };
  }
}

/** As `change`, for the packed character n-grams in slots [from, to). */
function changeChars(
  slide: Float64Array,
  counts: Int32Array,
  weights: ArrayLike<number>,
  chars: Int32Array,
  from: number,
  to: number,
  sign: number,
): void {
  let dot = slide[0] ?? 0;
  let norm = slide[1] ?? 0;
  for (let k = from; k < to; k++) {
    const packed = chars[k] ?? 0;
    if (packed === 0) continue;
    const bucket = packed > 0 ? packed - 1 : -packed - 1;
    const before = counts[bucket] ?? 0;
    const after = before + (packed > 0 ? sign : -sign);
    counts[bucket] = after;
    const a = before >= -64 && before <= 64 ? (DAMPED[before + 64] ?? 0) : dampLarge(before);
    const b = after >= -64 && after <= 64 ? (DAMPED[after + 64] ?? 0) : dampLarge(after);
    dot += (weights[bucket] ?? 0) * (b - a);
    norm += b * b - a * a;
  }
  slide[0] = dot;
  slide[1] = norm;
}

/**
 * Adds (sign 1) or takes away (-1) occurrences [from, to) of `list` to whole counts per bucket,
 * following the dot product with the weights (`slide[0]`) and the squared norm of the damped counts
 * (`slide[1]`).
 */
function change(
  slide: Float64Array,
  counts: Int32Array,
  weights: ArrayLike<number>,
  list: Occurrences,
  from: number,
  to: number,
  sign: number,
): void {
  const { bucket: buckets, weight } = list;
  let dot = slide[0] ?? 0;
  let norm = slide[1] ?? 0;
  for (let k = from; k < to; k++) {
    const bucket = buckets[k] ?? 0;
    const before = counts[bucket] ?? 0;
    const after = before + sign * (weight[k] ?? 0);
    counts[bucket] = after;
    const a = before >= -64 && before <= 64 ? (DAMPED[before + 64] ?? 0) : dampLarge(before);
    const b = after >= -64 && after <= 64 ? (DAMPED[after + 64] ?? 0) : dampLarge(after);
    dot += (weights[bucket] ?? 0) * (b - a);
    norm += b * b - a * a;
  }
  slide[0] = dot;
  slide[1] = norm;
}

/** The first occurrence in `list` that starts at or after `at` (the list is in order of start). */
function firstAt(list: Occurrences, at: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((list.at[mid] ?? 0) < at) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** sign * log(1 + |count|) for whole counts from -64 to 64, by table (index count + 64). */
const DAMPED = Float64Array.from({ length: 129 }, (_, k) => Math.sign(k - 64) * Math.log1p(Math.abs(k - 64)));

/** sign * log(1 + |count|) beyond the table. */
function dampLarge(count: number): number {
  return count < 0 ? -Math.log1p(-count) : Math.log1p(count);
}
