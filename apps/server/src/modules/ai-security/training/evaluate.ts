/**
 * `npm run eval:ai-security`: leave-one-source-out evaluation of the whole detector, the headline
 * figure. For each source of ../shared/datasets/prompt-security/ (each file), the classifier is
 * trained on all the other sources (and the hand-written sets), its thresholds chosen by an inner
 * k-fold on those alone, and the full detector (decoding, rules and classifier, blocking at
 * 'medium') scans every row of the held-out source, as `POST /api/ai-security/validate-prompt`
 * would. Prints per source recall and false-positive rate, per language, the macro averages, and
 * whether the goals are met (issue 30): macro recall >= 0.85, recall >= 0.70 on every attack source
 * and language, false-positive rate <= 0.02 on every benign source.
 *
 * `--only <source,...>` holds out only those sources (a quicker look while changing rules);
 * `--rules` scans with the rules alone (no classifier), to see what each half covers.
 */
import { threatRank, type ThreatLevel } from '@nuvem/contracts/ai-security';
import { createClassifier, decodeModel } from '../detector/classifier.js';
import { createDetector, type Detector } from '../detector/detector.js';
import { HAND_WRITTEN, loadSamples, TOO_SMALL, type Sample } from './data.js';
import { DEFAULT_TRAINING, featuriseAll, trainingRows, trainWithThresholds } from './model.js';

const BLOCK_AT: ThreatLevel = 'medium';
const GOAL = { macroRecall: 0.85, recall: 0.7, fpr: 0.02 };

const args = process.argv.slice(2);
const only = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '').split(',') : null;
const rulesOnly = args.includes('--rules');

const started = performance.now();
const samples = loadSamples();
const data = featuriseAll(samples, DEFAULT_TRAINING.features);
const sources = [...new Set(samples.map((s) => s.dataset))].filter(
  (name) => !HAND_WRITTEN.includes(name) && !TOO_SMALL.includes(name) && (!only || only.includes(name)),
);

interface Outcome {
  sample: Sample;
  blocked: boolean;
  /** Blocked by a rule family (not the classifier alone). */
  byRules: boolean;
  byClassifier: boolean;
}
const outcomes: Outcome[] = [];

for (const source of sources) {
  const heldOut = (row: number) => samples[row]?.dataset === source;
  let detector: Detector;
  if (rulesOnly)
    detector = createDetector({
      blockAt: BLOCK_AT,
      thresholds: { low: 2, medium: 2, high: 2, critical: 2 },
      windowThresholds: { low: 2, medium: 2, high: 2, critical: 2 },
    });
  else {
    const rows = trainingRows(samples, (row) => !heldOut(row), DEFAULT_TRAINING.seed);
    const { file } = trainWithThresholds(samples, data, rows, DEFAULT_TRAINING, 3);
    detector = createDetector({
      classifier: createClassifier(decodeModel(file)),
      thresholds: file.thresholds,
      windowThresholds: file.windowThresholds,
      blockAt: BLOCK_AT,
    });
  }
  for (const sample of samples) {
    if (sample.dataset !== source) continue;
    const result = detector.scanPrompt(sample.text);
    const blocking = result.violations.filter((v) => threatRank(v.severity) >= threatRank(BLOCK_AT));
    outcomes.push({
      sample,
      blocked: !result.safe,
      byRules: blocking.some((v) => v.type !== 'prompt_injection_classifier'),
      byClassifier: blocking.some((v) => v.type === 'prompt_injection_classifier'),
    });
  }
  process.stderr.write(`${source} held out: done (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
}

// ---- Figures -------------------------------------------------------------------------------------

interface Figures {
  attacks: number;
  recall: number;
  benign: number;
  fpr: number;
  'recall (rules)': number;
  'recall (classifier)': number;
}

function figures(list: Outcome[]): Figures {
  const attacks = list.filter((o) => o.sample.label === 1);
  const benign = list.filter((o) => o.sample.label === 0);
  const rate = (part: number, whole: number) => (whole === 0 ? NaN : part / whole);
  return {
    attacks: attacks.length,
    recall: rate(attacks.filter((o) => o.blocked).length, attacks.length),
    benign: benign.length,
    fpr: rate(benign.filter((o) => o.blocked).length, benign.length),
    'recall (rules)': rate(attacks.filter((o) => o.byRules).length, attacks.length),
    'recall (classifier)': rate(attacks.filter((o) => o.byClassifier).length, attacks.length),
  };
}
const show = (f: Figures) =>
  Object.fromEntries(
    Object.entries(f).map(([key, value]: [string, number]) => [
      key,
      Number.isNaN(value) ? '-' : key === 'attacks' || key === 'benign' ? value : value.toFixed(3),
    ]),
  );

const bySource = new Map(
  sources.map((source) => [source, figures(outcomes.filter((o) => o.sample.dataset === source))]),
);
const languages = [...new Set(outcomes.map((o) => o.sample.lang))].sort();
const byLanguage = new Map(languages.map((lang) => [lang, figures(outcomes.filter((o) => o.sample.lang === lang))]));

console.log(
  `\nAI security detector, leave one source out (${rulesOnly ? 'rules alone' : 'classifier retrained without the held-out source'}; ` +
    `blocking at '${BLOCK_AT}'; ${String(outcomes.length)} prompts scanned)`,
);
console.log('\nper source (each tested by a detector that never saw it):');
console.table(Object.fromEntries([...bySource].map(([source, f]) => [source, show(f)])));
console.log('\nper language (all held-out rows of that language):');
console.table(Object.fromEntries([...byLanguage].map(([lang, f]) => [lang, show(f)])));

const attackSources = [...bySource].filter(([, f]) => f.attacks > 0);
const benignSources = [...bySource].filter(([, f]) => f.benign > 0);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const macroRecall = mean(attackSources.map(([, f]) => f.recall));
const macroFpr = mean(benignSources.map(([, f]) => f.fpr));
let worstRecall: [string, number] = ['', 1];
for (const [source, f] of attackSources) if (f.recall < worstRecall[1]) worstRecall = [source, f.recall];
let worstFpr: [string, number] = ['', 0];
for (const [source, f] of benignSources) if (f.fpr > worstFpr[1]) worstFpr = [source, f.fpr];
const languageMisses = [...byLanguage].filter(([, f]) => f.attacks > 0 && f.recall < GOAL.recall).map(([l]) => l);
console.log(
  `\nmacro recall over ${String(attackSources.length)} attack sources: ${macroRecall.toFixed(3)} (goal >= ${String(GOAL.macroRecall)})`,
);
console.log(`macro false-positive rate over ${String(benignSources.length)} benign sources: ${macroFpr.toFixed(3)}`);
console.log(
  `lowest recall: ${worstRecall[0]} ${worstRecall[1].toFixed(3)} (goal >= ${String(GOAL.recall)} on every source)`,
);
console.log(
  `highest false-positive rate: ${worstFpr[0]} ${worstFpr[1].toFixed(3)} (goal <= ${String(GOAL.fpr)} on every source)`,
);
console.log(
  `languages under ${String(GOAL.recall)} recall: ${languageMisses.length ? languageMisses.join(', ') : 'none'}`,
);
const met =
  macroRecall >= GOAL.macroRecall &&
  worstRecall[1] >= GOAL.recall &&
  worstFpr[1] <= GOAL.fpr &&
  languageMisses.length === 0;
console.log(`goals: ${met ? 'MET' : 'NOT MET'}`);
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
