/**
 * The learned classifier: logistic regression over hashed n-grams of the folded text (see
 * features.ts), trained by training/train.ts on the shared prompt-security data. Its weights are
 * stored as Int8 with one scale (committed-model.ts reads the committed ones).
 */
import { FeatureHasher, windowSpans, type FeatureConfig } from './features.js';
import type { Span } from './normalise.js';

export { WINDOW, windowSpans } from './features.js';

/** Probability cut-offs for each severity of a classifier finding. */
export interface Thresholds {
  low: number;
  medium: number;
  high: number;
  critical: number;
}

/** The committed model file's shape. */
export interface ModelFile {
  version: number;
  features: FeatureConfig;
  bias: number;
  /** Weight = int8 * scale. */
  scale: number;
  /** Int8 weights, one per bucket, base64. */
  weights: string;
  /** Chosen by cross-validation at training time (see training/train.ts): for the whole text. */
  thresholds: Thresholds;
  /**
   * For the best window of a long text: chosen on the windows of benign prompts and of long benign
   * texts, so that scoring many windows does not multiply false positives on long documents.
   */
  windowThresholds: Thresholds;
  training: Record<string, unknown>;
}

export interface ClassifierModel {
  features: FeatureConfig;
  bias: number;
  /** Weight of bucket i = weights[i] * scale (Int8: 64 KB that stay in the CPU cache). */
  weights: Int8Array;
  scale: number;
}

export interface ClassifierResult {
  /** The probability that the whole text is an injection. */
  probability: number;
  /** The stretch of the folded text that pushed the score up most (a window around a word pair). */
  evidence: { start: number; end: number };
  /** For a long text: its highest-scoring window (see features.ts, WINDOW) and that window's probability. */
  window?: { probability: number; evidence: { start: number; end: number } };
}

export function decodeModel(file: ModelFile): ClassifierModel {
  const bytes = Buffer.from(file.weights, 'base64');
  const weights = Int8Array.from(new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  if (weights.length !== 1 << file.features.bits) throw new Error('classifier weights: wrong number of buckets');
  return { features: file.features, bias: file.bias, weights, scale: file.scale };
}

/** Weights as Int8 with one scale (the largest weight maps to 127). */
export function encodeWeights(weights: ArrayLike<number>): { scale: number; weights: string } {
  let max = 0;
  for (let i = 0; i < weights.length; i++) max = Math.max(max, Math.abs(weights[i] ?? 0));
  const scale = max > 0 ? max / 127 : 1;
  const ints = new Int8Array(weights.length);
  for (let i = 0; i < weights.length; i++) ints[i] = Math.round((weights[i] ?? 0) / scale);
  return { scale, weights: Buffer.from(ints.buffer).toString('base64') };
}

const EVIDENCE_CONTEXT = 40;

export interface Classifier {
  /** The probability that a folded text is an injection, for the whole text and for its best window. */
  score(folded: string): ClassifierResult;
}

export function createClassifier(model: ClassifierModel): Classifier {
  const hasher = new FeatureHasher(model.features);
  const { weights, bias, scale } = model;
  const probabilityOf = (dot: number) => 1 / (1 + Math.exp(-(bias + scale * dot)));

  /** Word pairs that push the score up most, with a little context either side, cut at word boundaries. */
  function strongestPair(folded: string): Span {
    let best = -Infinity;
    let span = { start: 0, end: Math.min(folded.length, 2 * EVIDENCE_CONTEXT) };
    hasher.wordPairs(folded, (start, end, index, sign) => {
      const push = (weights[index] ?? 0) * sign;
      if (push > best) {
        best = push;
        span = { start, end };
      }
    });
    let start = Math.max(0, span.start - EVIDENCE_CONTEXT);
    let end = Math.min(folded.length, span.end + EVIDENCE_CONTEXT);
    while (start > 0 && start < span.start && folded[start - 1] !== ' ') start++;
    while (end < folded.length && end > span.end && folded[end] !== ' ') end--;
    return { start, end };
  }

  return {
    score(folded) {
      const long = hasher.windowDots(folded, weights);
      if (!long) return { probability: probabilityOf(hasher.dot(folded, weights)), evidence: strongestPair(folded) };
      const { whole, windows } = long;
      let best = 0;
      for (let k = 1; k < windows.length; k++) if ((windows[k] ?? 0) > (windows[best] ?? 0)) best = k;
      const window = windowSpans(folded)[best] ?? { start: 0, end: folded.length };
      return {
        probability: probabilityOf(whole),
        // The whole text's evidence is its best window too: a word pair in kilobytes says little.
        evidence: window,
        window: { probability: probabilityOf(windows[best] ?? whole), evidence: window },
      };
    },
  };
}
