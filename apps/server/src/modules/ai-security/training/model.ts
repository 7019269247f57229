/**
 * Training the classifier: L2-regularised logistic regression by stochastic gradient descent over
 * the hashed features, with a fixed seed and a fixed order of operations, so the same data gives
 * the same weights to the bit. Also: stratified group k-fold splits (identical texts stay in one
 * fold), and thresholds chosen from out-of-fold scores of benign prompts.
 */
import { decodeModel, encodeWeights, type ModelFile, type Thresholds } from '../detector/classifier.js';
import { DEFAULT_FEATURES, FeatureHasher, type FeatureConfig, type SparseVector } from '../detector/features.js';
import { fold } from '../detector/normalise.js';
import type { Sample } from './data.js';

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
}

export const DEFAULT_TRAINING: TrainOptions = {
  features: DEFAULT_FEATURES,
  lambda: 1e-5,
  epochs: 12,
  eta0: 0.5,
  seed: 16,
  benignWeight: 2,
};

/**
 * Benign false-positive rates the thresholds are set at, on out-of-fold scores, for each source of
 * benign prompts separately (the strictest wins): the shared set's benign rows are one style, our
 * hand-written ones another, and a threshold must hold on both.
 */
export const THRESHOLD_TARGETS: Thresholds = { low: 0.05, medium: 0.02, high: 0.005, critical: 0 };

/** mulberry32: a small seeded generator, the same sequence on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
  options: TrainOptions,
  training: Record<string, unknown>,
): ModelFile {
  const { scale, weights } = encodeWeights(model.weights);
  return {
    version: 1,
    features: options.features,
    bias: Number(model.bias.toFixed(6)),
    scale: Number(scale.toPrecision(8)),
    weights,
    thresholds,
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
  vectors: SparseVector[],
  rows: number[],
  options: TrainOptions = DEFAULT_TRAINING,
  innerFolds = 5,
  targets: Thresholds = THRESHOLD_TARGETS,
): { file: ModelFile; oof: Map<number, number> } {
  const labels = samples.map((sample) => sample.label);
  const oof = new Map<number, number>();
  const folds = stratifiedGroupFolds(samples, rows, innerFolds, options.seed + 1);
  for (const held of folds) {
    const heldSet = new Set(held);
    const trainRows = rows.filter((row) => !heldSet.has(row));
    const model = trainLogistic(vectors, labels, trainRows, options);
    const score = scorer(toModelFile(model, targets, options, {}));
    for (const row of held) {
      const x = vectors[row];
      if (x) oof.set(row, score(x));
    }
  }
  const bySource = new Map<string, number[]>();
  for (const row of rows) {
    const sample = samples[row];
    if (sample?.label !== 0) continue;
    const scores = bySource.get(sample.dataset) ?? [];
    scores.push(oof.get(row) ?? 0);
    bySource.set(sample.dataset, scores);
  }
  const thresholds = chooseThresholds([...bySource.values()], targets);
  const model = trainLogistic(vectors, labels, rows, options);
  const datasets: Record<string, number> = {};
  for (const row of rows) {
    const name = `${samples[row]?.dataset ?? '?'}:${samples[row]?.label === 1 ? 'attack' : 'benign'}`;
    datasets[name] = (datasets[name] ?? 0) + 1;
  }
  const file = toModelFile(model, thresholds, options, {
    rows: rows.length,
    datasets,
    lambda: options.lambda,
    epochs: options.epochs,
    eta0: options.eta0,
    seed: options.seed,
    benignWeight: options.benignWeight,
    thresholdTargets: targets,
  });
  return { file, oof };
}
