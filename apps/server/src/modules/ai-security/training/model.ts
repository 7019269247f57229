/**
 * Training the classifier: L2-regularised logistic regression by stochastic gradient descent over
 * the hashed features, with a fixed seed and a fixed order of operations, so the same data gives
 * the same weights to the bit. Also: stratified group k-fold splits (identical texts stay in one
 * fold), and thresholds chosen from out-of-fold scores of benign prompts, each prompt scored as the
 * detector scores it (the highest of the whole text and its windows).
 *
 * The detector scores long texts in windows (features.ts), so training also sees windows: short
 * attacks set in a window of ordinary text taken from the benign training rows (an injection hidden
 * in padding must still score high), and windows of the long benign training rows (ordinary text cut
 * into windows must still score low). Both come from the training rows only, so held-out rows stay
 * unseen.
 */
import {
  createClassifier,
  decodeModel,
  encodeWeights,
  type ModelFile,
  type Thresholds,
} from '../detector/classifier.js';
import {
  DEFAULT_FEATURES,
  FeatureHasher,
  WINDOW,
  type FeatureConfig,
  type SparseVector,
} from '../detector/features.js';
import { fold } from '../detector/normalise.js';
import { NOT_TRAINED_ON, type Sample } from './data.js';
import { seededRandom } from '../../../lib/seeded-random.js';

export interface TrainOptions {
  features: FeatureConfig;
  /** L2 strength. */
  lambda: number;
  epochs: number;
  /** Initial learning rate. */
  eta0: number;
  seed: number;
  /** Benign prompts weigh this much more than attacks in the loss (false positives cost more). */
  benignWeight: number;
  /** Copies of each short attack set in a window of benign text, as extra attack rows. */
  paddedCopies: number;
  /** The same for each short benign prompt, as extra benign rows (so no word is an attack just for being in a window). */
  paddedBenignCopies: number;
  /** At most this many windows of each long benign prompt, as extra benign rows. */
  benignWindows: number;
}

export const DEFAULT_TRAINING: TrainOptions = {
  features: DEFAULT_FEATURES,
  lambda: 1e-5,
  epochs: 12,
  eta0: 0.5,
  seed: 16,
  benignWeight: 2,
  paddedCopies: 1,
  paddedBenignCopies: 0,
  benignWindows: 32,
};

/**
 * Benign false-positive rates the thresholds are set at, on out-of-fold scores, for each source of
 * benign prompts separately (the strictest wins): the shared set's benign rows are one style, our
 * hand-written ones another, and a threshold must hold on both.
 */
export const THRESHOLD_TARGETS: Thresholds = { low: 0.05, medium: 0.02, high: 0.005, critical: 0 };

/**
 * The same for the best window of a long text, stricter: on long benign texts the window thresholds
 * stand for the whole text's, and a long text is also read whole (its own chance to be wrong).
 */
export const WINDOW_THRESHOLD_TARGETS: Thresholds = { low: 0.02, medium: 0.01, high: 0.005, critical: 0 };

/** The seeded generator the training splits and shuffles use. */
export const rng = seededRandom;

export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Feature vectors of the samples' folded texts (computed once, reused by every fold). */
export function featurise(samples: Sample[], features: FeatureConfig = DEFAULT_FEATURES): SparseVector[] {
  const hasher = new FeatureHasher(features);
  return samples.map((sample) => hasher.vector(fold(sample.text).text));
}

/** Everything training needs of the samples, computed once: folded texts, vectors, windows' vectors. */
export interface Featurised {
  features: FeatureConfig;
  folded: string[];
  vectors: SparseVector[];
  /** The vectors of each sample's windows, as the detector scores them (none for a short text). */
  windows: SparseVector[][];
}

export function featuriseAll(samples: Sample[], features: FeatureConfig = DEFAULT_FEATURES): Featurised {
  const hasher = new FeatureHasher(features);
  const folded = samples.map((sample) => fold(sample.text).text);
  return {
    features,
    folded,
    vectors: folded.map((text) => hasher.vector(text)),
    windows: folded.map((text) => hasher.windowVectors(text)),
  };
}

/** `count` characters of ordinary text from random benign rows, starting and ending between words. */
function filler(data: Featurised, benignRows: number[], count: number, random: () => number): string {
  if (count <= 0 || benignRows.length === 0) return '';
  let text = '';
  while (text.length < count * 2)
    text += `${data.folded[benignRows[Math.floor(random() * benignRows.length)] ?? 0] ?? ''} `;
  let start = Math.floor(random() * (text.length - count));
  while (start > 0 && text[start - 1] !== ' ') start--;
  return text.slice(start, start + count).trim();
}

/**
 * Extra training rows from `rows`: each short attack (up to 1.5 steps long) set at a random place in
 * a window of benign text from `rows`, `paddedCopies` times, and up to `benignWindows` windows of
 * each long benign prompt (spread evenly over it).
 */
export function windowRows(
  samples: Sample[],
  data: Featurised,
  rows: number[],
  options: TrainOptions,
): { vectors: SparseVector[]; labels: (0 | 1)[] } {
  const random = rng(options.seed + 7);
  const hasher = new FeatureHasher(data.features);
  const benignRows = rows.filter((row) => samples[row]?.label === 0);
  const vectors: SparseVector[] = [];
  const labels: (0 | 1)[] = [];
  for (const row of rows) {
    const prompt = data.folded[row] ?? '';
    const label = samples[row]?.label ?? 0;
    if (prompt.length === 0 || prompt.length > WINDOW.step * 1.5) continue;
    const copies = label === 1 ? options.paddedCopies : options.paddedBenignCopies;
    for (let copy = 0; copy < copies; copy++) {
      const room = WINDOW.chars - prompt.length - 2;
      const before = Math.floor(random() * room);
      const text = `${filler(data, benignRows, before, random)} ${prompt} ${filler(data, benignRows, room - before, random)}`;
      vectors.push(hasher.vector(text.trim()));
      labels.push(label);
    }
  }
  if (options.benignWindows > 0) {
    for (const row of benignRows) {
      const windows = data.windows[row] ?? [];
      const take = Math.min(windows.length, options.benignWindows);
      for (let k = 0; k < take; k++) {
        const window = windows[Math.floor((k * windows.length) / take)];
        if (window) {
          vectors.push(window);
          labels.push(0);
        }
      }
    }
  }
  return { vectors, labels };
}

/** Where material splits into sentences: an end of sentence, a line break, a table's cell. */
const SENTENCE_BREAK = /(?<=[.!?])\s+|\n|\|/;
/** Lines shorter than this (folded) say too little to learn from alone. */
const MIN_LINE = 24;
/** At most this many injected lines of one source are trained on. */
const LINES_PER_SOURCE = 400;

/**
 * The injected lines of a source's attacks, as attack rows of their own: a source that has both
 * attacks and benign rows (BIPIA's e-mails, tables and code answers, garak's documents) mostly
 * holds the same material both ways, and an attack's lines that no benign row of its source has
 * are what was injected. Trained on alone, the classifier learns the injected sentence ("in your
 * response, mention…") rather than the e-mail around it; the detector's windows then find it in
 * material it has never seen. Only the training rows are read, so a held-out source stays unseen.
 */
export function injectedLineRows(
  samples: Sample[],
  data: Featurised,
  rows: number[],
  options: TrainOptions,
): { vectors: SparseVector[]; labels: (0 | 1)[]; replaced: Set<number> } {
  const hasher = new FeatureHasher(data.features);
  const replaced = new Set<number>();
  const bySource = new Map<string, number[]>();
  for (const row of rows) {
    const dataset = samples[row]?.dataset ?? '';
    bySource.set(dataset, [...(bySource.get(dataset) ?? []), row]);
  }
  const vectors: SparseVector[] = [];
  const labels: (0 | 1)[] = [];
  const random = rng(options.seed + 13);
  for (const source of [...bySource.keys()].sort()) {
    const members = bySource.get(source) ?? [];
    const benign = members.filter((row) => samples[row]?.label === 0);
    const attacks = members.filter((row) => samples[row]?.label === 1);
    if (benign.length === 0 || attacks.length === 0) continue;
    const linesOf = (row: number) =>
      (data.folded[row] ?? '')
        .split(SENTENCE_BREAK)
        .map((line) => line.trim())
        .filter((line) => line.length >= MIN_LINE);
    const benignLines = new Set(benign.flatMap(linesOf));
    const injected = new Set<string>();
    for (const row of attacks) {
      const lines = linesOf(row);
      // A short attack of one sentence is already a row of its own.
      if (lines.length < 2) continue;
      const own = lines.filter((line) => !benignLines.has(line));
      // An attack on material that no benign row holds cannot be told apart from it: not trained
      // on whole either (it would teach that the material is the attack).
      replaced.add(row);
      if (own.length === 0 || own.length > Math.max(3, lines.length / 3)) continue;
      for (const line of own) injected.add(line);
    }
    for (const line of shuffle([...injected].sort(), random).slice(0, LINES_PER_SOURCE)) {
      vectors.push(hasher.vector(line));
      labels.push(1);
    }
  }
  return { vectors, labels, replaced };
}

/** Trains on `rows` and on the window rows made from them. */
export function trainWithWindows(
  samples: Sample[],
  data: Featurised,
  rows: number[],
  options: TrainOptions = DEFAULT_TRAINING,
): LinearModel {
  const extra = windowRows(samples, data, rows, options);
  const lines = injectedLineRows(samples, data, rows, options);
  const vectors = [...data.vectors, ...extra.vectors, ...lines.vectors];
  const labels = [...samples.map((sample) => sample.label), ...extra.labels, ...lines.labels];
  const extraRows = [...extra.vectors, ...lines.vectors].map((_, k) => data.vectors.length + k);
  // An attack whose injected lines are rows of their own is not also trained on whole: the rest of
  // it is the same e-mail or table as a benign row, and would teach that e-mails are attacks.
  const kept = rows.filter((row) => !lines.replaced.has(row));
  return trainLogistic(vectors, labels, [...kept, ...extraRows], options);
}

export interface LinearModel {
  weights: Float64Array;
  bias: number;
}

/**
 * SGD on the weighted logistic loss with L2 (Bottou's schedule eta_t = eta0 / (1 + eta0 lambda t);
 * the weight vector kept as scale * v so the decay costs nothing per step).
 */
export function trainLogistic(
  vectors: SparseVector[],
  labels: (0 | 1)[],
  rows: number[],
  options: TrainOptions = DEFAULT_TRAINING,
): LinearModel {
  const size = 1 << options.features.bits;
  const v = new Float64Array(size);
  let scale = 1;
  let bias = 0;
  const random = rng(options.seed);
  const positives = rows.filter((row) => labels[row] === 1).length;
  const negatives = rows.length - positives;
  // Balanced classes, then benign weighted up.
  const weightOf = [
    (rows.length / (2 * Math.max(1, negatives))) * options.benignWeight,
    rows.length / (2 * Math.max(1, positives)),
  ];
  let t = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (const row of shuffle(rows, random)) {
      const x = vectors[row];
      if (!x) continue;
      const y = labels[row] ?? 0;
      let dot = 0;
      for (let k = 0; k < x.indices.length; k++) dot += (v[x.indices[k] ?? 0] ?? 0) * (x.values[k] ?? 0);
      const z = scale * dot + bias;
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - y) * (weightOf[y] ?? 1);
      const eta = options.eta0 / (1 + options.eta0 * options.lambda * t);
      scale *= 1 - eta * options.lambda;
      const step = (eta * g) / scale;
      for (let k = 0; k < x.indices.length; k++) {
        const index = x.indices[k] ?? 0;
        v[index] = (v[index] ?? 0) - step * (x.values[k] ?? 0);
      }
      bias -= eta * g * 0.1;
      if (scale < 1e-6) {
        for (let i = 0; i < size; i++) v[i] = (v[i] ?? 0) * scale;
        scale = 1;
      }
      t++;
    }
  }
  for (let i = 0; i < size; i++) v[i] = (v[i] ?? 0) * scale;
  return { weights: v, bias };
}

/** The model as it is committed (Int8 weights), and as it is used after loading it. */
export function toModelFile(
  model: LinearModel,
  thresholds: Thresholds,
  windowThresholds: Thresholds,
  options: TrainOptions,
  training: Record<string, unknown>,
): ModelFile {
  const { scale, weights } = encodeWeights(model.weights);
  return {
    version: 2,
    features: options.features,
    bias: Number(model.bias.toFixed(6)),
    scale: Number(scale.toPrecision(8)),
    weights,
    thresholds,
    windowThresholds,
    training,
  };
}

/** Probabilities of the quantised model (what the detector will compute). */
export function scorer(file: ModelFile): (x: SparseVector) => number {
  const { weights, bias, scale } = decodeModel(file);
  return (x) => {
    let dot = 0;
    for (let k = 0; k < x.indices.length; k++) dot += (weights[x.indices[k] ?? 0] ?? 0) * (x.values[k] ?? 0);
    return 1 / (1 + Math.exp(-(bias + scale * dot)));
  };
}

/** The probability of a sample's best window (null for a text that fits in one window). */
export function windowScorer(file: ModelFile, data: Featurised): (row: number) => number | null {
  const score = scorer(file);
  return (row) => {
    const windows = data.windows[row] ?? [];
    if (windows.length === 0) return null;
    let best = 0;
    for (const window of windows) best = Math.max(best, score(window));
    return best;
  };
}

/** Benign rows a source needs to have its false-positive rate judged on its own (see trainWithThresholds). */
const MIN_THRESHOLD_SOURCE = 100;

/** How many long benign texts each inner fold makes from its held-out benign prompts, and how long (as evaluate.ts pads). */
const LONG_BENIGN = { texts: 200, chars: 6000 };

/**
 * Best-window scores of long benign texts (ordinary prompts of `rows` run together to about 6 KB),
 * as the detector computes them: what the window thresholds must hold on, since a long document
 * has many windows to be wrong in.
 */
function longBenignScores(file: ModelFile, samples: Sample[], rows: number[], seed: number): number[] {
  const benign = rows.filter((row) => samples[row]?.label === 0);
  if (benign.length < 2) return [];
  const random = rng(seed);
  const classifier = createClassifier(decodeModel(file));
  const scores: number[] = [];
  for (let k = 0; k < LONG_BENIGN.texts; k++) {
    let text = '';
    while (text.length < LONG_BENIGN.chars)
      text += `${samples[benign[Math.floor(random() * benign.length)] ?? 0]?.text ?? ''}\n\n`;
    const result = classifier.score(fold(text).text);
    scores.push(result.window?.probability ?? result.probability);
  }
  return scores;
}

/**
 * At most this many rows of one source and label go into training (a seeded choice, spread over
 * the source's languages): no source outweighs the others by its size alone (XSafety has 3,674
 * rows, the LLM Guard tests 53), and training stays quick enough to retrain once per held-out source.
 */
export const ROWS_PER_SOURCE = 600;

/** The rows to train on among those `include` accepts, each source and label capped at ROWS_PER_SOURCE. */
export function trainingRows(samples: Sample[], include: (row: number) => boolean, seed: number): number[] {
  const groups = new Map<string, number[]>();
  samples.forEach((sample, row) => {
    if (!include(row) || NOT_TRAINED_ON.includes(sample.dataset)) return;
    const key = `${sample.dataset}:${String(sample.label)}`;
    const list = groups.get(key) ?? [];
    list.push(row);
    groups.set(key, list);
  });
  const random = rng(seed + 11);
  const rows: number[] = [];
  for (const key of [...groups.keys()].sort()) {
    const list = groups.get(key) ?? [];
    if (list.length <= ROWS_PER_SOURCE) {
      rows.push(...list);
      continue;
    }
    // Round-robin over languages, each language's rows shuffled.
    const byLang = new Map<string, number[]>();
    for (const row of list) {
      const lang = samples[row]?.lang ?? 'en';
      byLang.set(lang, [...(byLang.get(lang) ?? []), row]);
    }
    const queues = [...byLang.keys()].sort().map((lang) => shuffle(byLang.get(lang) ?? [], random));
    const taken: number[] = [];
    for (let k = 0; taken.length < ROWS_PER_SOURCE; k++) {
      for (const queue of queues) if (k < queue.length && taken.length < ROWS_PER_SOURCE) taken.push(queue[k] ?? 0);
    }
    rows.push(...taken);
  }
  return rows.sort((a, b) => a - b);
}

/** A group key: texts that fold to the same words are one group (kept in one fold). */
export function groupKey(text: string): string {
  return fold(text).text.replace(/\s+/g, ' ').trim();
}

/**
 * Stratified group k-fold: each stratum (dataset and label) is spread evenly over the folds, and
 * identical texts (duplicates are common in tensor-trust) never sit on both sides of a split.
 */
export function stratifiedGroupFolds(samples: Sample[], rows: number[], k: number, seed: number): number[][] {
  const random = rng(seed);
  const groups = new Map<string, number[]>();
  for (const row of rows) {
    const sample = samples[row];
    if (!sample) continue;
    const key = `${sample.label}:${groupKey(sample.text)}`;
    const members = groups.get(key);
    if (members) members.push(row);
    else groups.set(key, [row]);
  }
  const strata = new Map<string, number[][]>();
  for (const members of groups.values()) {
    const first = samples[members[0] ?? 0];
    const stratum = `${first?.dataset ?? ''}:${String(first?.label ?? 0)}`;
    const list = strata.get(stratum);
    if (list) list.push(members);
    else strata.set(stratum, [members]);
  }
  const folds: number[][] = Array.from({ length: k }, () => []);
  for (const stratum of [...strata.keys()].sort()) {
    const sizes = new Array<number>(k).fill(0);
    // Shuffled, then largest groups first, each to the fold of this stratum with fewest rows so far.
    const ordered = shuffle(strata.get(stratum) ?? [], random).sort((a, b) => b.length - a.length);
    for (const members of ordered) {
      let target = 0;
      for (let f = 1; f < k; f++) if ((sizes[f] ?? 0) < (sizes[target] ?? 0)) target = f;
      sizes[target] = (sizes[target] ?? 0) + members.length;
      folds[target]?.push(...members);
    }
  }
  return folds.map((members) => members.sort((a, b) => a - b));
}

/**
 * Thresholds from out-of-fold scores of benign prompts: each severity's cut-off is the lowest
 * probability that flags at most its target share of each source's benign prompts, strictly
 * rising from low to critical (critical: above every benign score seen).
 */
export function chooseThresholds(benignBySource: number[][], targets: Thresholds = THRESHOLD_TARGETS): Thresholds {
  const sorted = benignBySource
    .filter((scores) => scores.length > 0)
    .map((scores) => [...scores].sort((a, b) => b - a));
  const at = (rate: number) =>
    Math.max(0, ...sorted.map((scores) => (scores[Math.floor(rate * scores.length)] ?? 0) + 1e-4));
  const low = Math.max(0.05, at(targets.low));
  const medium = Math.max(at(targets.medium), low + 0.01);
  const high = Math.max(at(targets.high), medium + 0.01);
  const critical = Math.max(at(targets.critical), high + 0.005);
  const round = (x: number) => Number(Math.min(0.9995, x).toFixed(4));
  return { low: round(low), medium: round(medium), high: round(high), critical: round(critical) };
}

/**
 * Trains on `rows` and picks thresholds by an inner k-fold on the same rows: what train.ts does on
 * all the data, and what evaluate.ts does inside each outer fold.
 */
export function trainWithThresholds(
  samples: Sample[],
  data: Featurised,
  rows: number[],
  options: TrainOptions = DEFAULT_TRAINING,
  innerFolds = 5,
  targets: Thresholds = THRESHOLD_TARGETS,
  windowTargets: Thresholds = WINDOW_THRESHOLD_TARGETS,
): { file: ModelFile; oof: Map<number, number>; oofWindows: Map<number, number> } {
  const oof = new Map<number, number>();
  const oofWindows = new Map<number, number>();
  const longBenign: number[] = [];
  const folds = stratifiedGroupFolds(samples, rows, innerFolds, options.seed + 1);
  for (const [index, held] of folds.entries()) {
    const heldSet = new Set(held);
    const trainRows = rows.filter((row) => !heldSet.has(row));
    const model = trainWithWindows(samples, data, trainRows, options);
    const file = toModelFile(model, targets, targets, options, {});
    const score = scorer(file);
    const scoreWindows = windowScorer(file, data);
    for (const row of held) {
      const vector = data.vectors[row];
      if (vector) oof.set(row, score(vector));
      const window = scoreWindows(row);
      if (window !== null) oofWindows.set(row, window);
    }
    longBenign.push(...longBenignScores(file, samples, held, options.seed + 100 + index));
  }
  const benignBySource = (scores: Map<number, number>) => {
    const bySource = new Map<string, number[]>();
    for (const row of rows) {
      const sample = samples[row];
      const score = scores.get(row);
      if (sample?.label !== 0 || score === undefined) continue;
      const list = bySource.get(sample.dataset) ?? [];
      list.push(score);
      bySource.set(sample.dataset, list);
    }
    // A source of a few dozen benign rows cannot hold a rate of 2% (one row is more): the small
    // ones are judged together.
    const pooled: number[] = [];
    const lists: number[][] = [];
    for (const list of bySource.values()) {
      if (list.length < MIN_THRESHOLD_SOURCE) pooled.push(...list);
      else lists.push(list);
    }
    return pooled.length > 0 ? [...lists, pooled] : lists;
  };
  const thresholds = chooseThresholds(benignBySource(oof), targets);
  const windowThresholds = chooseThresholds([...benignBySource(oofWindows), longBenign], windowTargets);
  const model = trainWithWindows(samples, data, rows, options);
  const datasets: Record<string, number> = {};
  for (const row of rows) {
    const name = `${samples[row]?.dataset ?? '?'}:${samples[row]?.label === 1 ? 'attack' : 'benign'}`;
    datasets[name] = (datasets[name] ?? 0) + 1;
  }
  const file = toModelFile(model, thresholds, windowThresholds, options, {
    rows: rows.length,
    datasets,
    lambda: options.lambda,
    epochs: options.epochs,
    eta0: options.eta0,
    seed: options.seed,
    benignWeight: options.benignWeight,
    paddedCopies: options.paddedCopies,
    paddedBenignCopies: options.paddedBenignCopies,
    benignWindows: options.benignWindows,
    window: WINDOW,
    longBenign: LONG_BENIGN,
    thresholdTargets: targets,
    windowThresholdTargets: windowTargets,
  });
  return { file, oof, oofWindows };
}
