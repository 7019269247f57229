/**
 * `npm run eval:ai-security:cv` (secondary to the leave-one-source-out evaluate.ts): stratified
 * 5-fold cross-validation of the whole detector on the sources it was first built from (jackhhao,
 * Tensor Trust and the hand-written sets): an in-distribution figure. For each fold the classifier is retrained on the other four (its thresholds chosen
 * by an inner 5-fold on those four alone), and the full detector (rules and classifier) scans the
 * held-out prompts. Prints precision, recall, F1 and false-positive rate per dataset and per rule
 * family, the confusion matrix, and whether the goal is met: recall >= 0.95 at FPR <= 0.02.
 *
 * Identical texts stay in one fold (tensor-trust repeats many attacks); the hand-written benign
 * prompts and attacks are trained on like the rest and reported as their own datasets, never in the
 * headline.
 *
 * Also: every short held-out prompt of the shared data (up to 400 characters) set inside about 3 KB
 * of other held-out benign prompts before and after it, as an injection hidden in padding would be: how many of the
 * attacks are still blocked, and how many of the benign ones are blocked all the same.
 */
import { threatRank, violationTypes, type ThreatLevel, type ViolationType } from '@nuvem/contracts/ai-security';
import { createClassifier, decodeModel } from '../detector/classifier.js';
import { createDetector } from '../detector/detector.js';
import { HAND_WRITTEN, loadSamples, type DatasetName } from './data.js';
import { DEFAULT_TRAINING, featuriseAll, rng, stratifiedGroupFolds, trainWithThresholds } from './model.js';

const K = 5;
const SEED = 16;
const BLOCK_AT: ThreatLevel = 'medium';
const GOAL = { recall: 0.95, fpr: 0.02 };

interface Outcome {
  row: number;
  blocked: boolean;
  /** Families with a finding (any severity), and those whose finding alone blocks. */
  flagged: Set<ViolationType>;
  blocking: Set<ViolationType>;
}

const started = performance.now();
const samples = loadSamples().filter((s) =>
  ['jackhhao', 'tensor-trust-hijacking', 'tensor-trust-extraction', 'benign-extra', 'attack-extra'].includes(s.dataset),
);
const data = featuriseAll(samples, DEFAULT_TRAINING.features);
const rows = samples.map((_, index) => index);
const folds = stratifiedGroupFolds(samples, rows, K, SEED);
const outcomes: Outcome[] = [];
const foldThresholds: Record<string, number>[] = [];
const PADDING = 3000;
const padded = { attacks: 0, attacksBlocked: 0, byClassifier: 0, benign: 0, benignBlocked: 0, benignByClassifier: 0 };
const random = rng(SEED + 3);

for (const [index, held] of folds.entries()) {
  const heldSet = new Set(held);
  const trainRows = rows.filter((row) => !heldSet.has(row));
  const { file } = trainWithThresholds(samples, data, trainRows, DEFAULT_TRAINING);
  foldThresholds.push({
    ...file.thresholds,
    'window low': file.windowThresholds.low,
    'window medium': file.windowThresholds.medium,
    'window high': file.windowThresholds.high,
    'window critical': file.windowThresholds.critical,
  });
  const detector = createDetector({
    classifier: createClassifier(decodeModel(file)),
    thresholds: file.thresholds,
    windowThresholds: file.windowThresholds,
    blockAt: BLOCK_AT,
  });
  for (const row of held) {
    const result = detector.scanPrompt(samples[row]?.text ?? '');
    outcomes.push({
      row,
      blocked: !result.safe,
      flagged: new Set(result.violations.map((v) => v.type)),
      blocking: new Set(
        result.violations.filter((v) => threatRank(v.severity) >= threatRank(BLOCK_AT)).map((v) => v.type),
      ),
    });
  }
  // Short held-out prompts inside held-out benign text.
  const fillers = held.filter((row) => samples[row]?.label === 0 && samples[row].dataset === 'jackhhao');
  const pad = (except: number) => {
    let text = '';
    while (text.length < PADDING) {
      const row = fillers[Math.floor(random() * fillers.length)] ?? except;
      if (row !== except) text += `${samples[row]?.text ?? ''}\n\n`;
    }
    return text;
  };
  for (const row of held) {
    const sample = samples[row];
    if (!sample || HAND_WRITTEN.includes(sample.dataset) || sample.text.length > 400 || fillers.length < 2) continue;
    const result = detector.scanPrompt(`${pad(row)}${sample.text}\n\n${pad(row)}`);
    const byClassifier = result.violations.some(
      (v) => v.type === 'prompt_injection_classifier' && threatRank(v.severity) >= threatRank(BLOCK_AT),
    );
    if (sample.label === 1) {
      padded.attacks++;
      if (!result.safe) padded.attacksBlocked++;
      if (byClassifier) padded.byClassifier++;
    } else {
      padded.benign++;
      if (!result.safe) padded.benignBlocked++;
      if (byClassifier) padded.benignByClassifier++;
    }
  }
  process.stderr.write(`fold ${String(index + 1)}/${String(K)} done\n`);
}

// ---- Figures -------------------------------------------------------------------------------------

interface Counts {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

function countsOf(selected: Outcome[], isBlocked: (o: Outcome) => boolean = (o) => o.blocked): Counts {
  const counts = { tp: 0, fn: 0, fp: 0, tn: 0 };
  for (const outcome of selected) {
    const attack = samples[outcome.row]?.label === 1;
    const blocked = isBlocked(outcome);
    if (attack && blocked) counts.tp++;
    else if (attack) counts.fn++;
    else if (blocked) counts.fp++;
    else counts.tn++;
  }
  return counts;
}

const ratio = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(3));
function metrics(c: Counts) {
  const precision = c.tp + c.fp === 0 ? NaN : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? NaN : c.tp / (c.tp + c.fn);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : NaN;
  const fpr = c.fp + c.tn === 0 ? NaN : c.fp / (c.fp + c.tn);
  const show = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(3));
  return {
    attacks: c.tp + c.fn,
    benign: c.fp + c.tn,
    precision: show(precision),
    recall: show(recall),
    F1: show(f1),
    FPR: show(fpr),
    raw: { precision, recall, fpr },
  };
}

const shared = (o: Outcome) => !HAND_WRITTEN.includes(samples[o.row]?.dataset ?? 'benign-extra');
const of = (dataset: DatasetName) => (o: Outcome) => samples[o.row]?.dataset === dataset;
const table = (selected: Outcome[], isBlocked?: (o: Outcome) => boolean) => {
  const { raw: _raw, ...shown } = metrics(countsOf(selected, isBlocked));
  return shown;
};

console.log(
  `\nAI security detector: stratified group ${String(K)}-fold cross-validation (seed ${String(SEED)}), ` +
    `blocking at '${BLOCK_AT}'; ${String(samples.length)} prompts; the classifier retrained per fold`,
);
console.log('thresholds chosen per fold (inner 5-fold; whole texts, and the best window of a long text):');
console.table(foldThresholds);

console.log('\nper dataset (full detector: rules and classifier):');
console.table({
  'all shared data': table(outcomes.filter(shared)),
  jackhhao: table(outcomes.filter(of('jackhhao'))),
  'tensor-trust hijacking': table(outcomes.filter(of('tensor-trust-hijacking'))),
  'tensor-trust extraction': table(outcomes.filter(of('tensor-trust-extraction'))),
  'benign-extra (hand-written)': table(outcomes.filter(of('benign-extra'))),
  'attack-extra (hand-written)': table(outcomes.filter(of('attack-extra'))),
});

console.log('\nrules alone, classifier alone, both (shared data):');
const rulesBlock = (o: Outcome) => [...o.blocking].some((type) => type !== 'prompt_injection_classifier');
const classifierBlocks = (o: Outcome) => o.blocking.has('prompt_injection_classifier');
console.table({
  'rules only': table(outcomes.filter(shared), rulesBlock),
  'classifier only': table(outcomes.filter(shared), classifierBlocks),
  'rules + classifier': table(outcomes.filter(shared)),
});

console.log(`\nper rule family (shared data; "blocks" = a finding at '${BLOCK_AT}' or above):`);
const sharedOutcomes = outcomes.filter(shared);
const attacks = sharedOutcomes.filter((o) => samples[o.row]?.label === 1);
const benign = sharedOutcomes.filter((o) => samples[o.row]?.label === 0);
const extra = outcomes.filter(of('benign-extra'));
const families: Record<string, Record<string, string | number>> = {};
for (const type of violationTypes) {
  if (type === 'security_layer_offline') continue;
  const flags = (list: Outcome[]) => list.filter((o) => o.flagged.has(type)).length;
  const blocks = (list: Outcome[]) => list.filter((o) => o.blocking.has(type)).length;
  families[type] = {
    'attacks flagged': flags(attacks),
    'attacks blocked': blocks(attacks),
    'recall (blocks)': ratio(blocks(attacks), attacks.length),
    'benign flagged': flags(benign),
    'benign blocked': blocks(benign),
    'FPR (blocks)': ratio(blocks(benign), benign.length),
    'precision (blocks)': ratio(blocks(attacks), blocks(attacks) + blocks(benign)),
    'hand-written benign flagged': flags(extra),
  };
}
console.table(families);

console.log(
  `\nshort held-out prompts inside about ${String(PADDING)} characters of held-out benign text on each side:`,
);
console.table({
  attacks: {
    prompts: padded.attacks,
    blocked: padded.attacksBlocked,
    rate: ratio(padded.attacksBlocked, padded.attacks),
    'blocked by the classifier': padded.byClassifier,
  },
  benign: {
    prompts: padded.benign,
    blocked: padded.benignBlocked,
    rate: ratio(padded.benignBlocked, padded.benign),
    'blocked by the classifier': padded.benignByClassifier,
  },
});

const all = countsOf(sharedOutcomes);
console.log('\nconfusion matrix (shared data, full detector):');
console.table({
  'actual attack': { 'predicted attack': all.tp, 'predicted benign': all.fn },
  'actual benign': { 'predicted attack': all.fp, 'predicted benign': all.tn },
});

const { raw } = metrics(all);
const met = raw.recall >= GOAL.recall && raw.fpr <= GOAL.fpr;
console.log(
  `\ngoal: recall >= ${String(GOAL.recall)} at FPR <= ${String(GOAL.fpr)} (shared data, cross-validated): ` +
    `recall ${raw.recall.toFixed(3)}, FPR ${raw.fpr.toFixed(3)}: ${met ? 'MET' : 'NOT MET'}`,
);
const withExtra = metrics(countsOf(outcomes));
console.log(
  `with the hand-written prompts counted too: recall ${withExtra.raw.recall.toFixed(3)}, ` +
    `FPR ${withExtra.raw.fpr.toFixed(3)}`,
);
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
