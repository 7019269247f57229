/**
 * `npm run train:ai-security`: trains the classifier on all the shared data (plus the hand-written
 * prompts), picks its thresholds (for whole texts and for windows) by 5-fold cross-validation on
 * the same rows, and writes
 * detector/classifier-weights.json. Deterministic: a rerun writes the same bytes (its SHA-256 is
 * printed to compare).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadSamples } from './data.js';
import { DEFAULT_TRAINING, featuriseAll, trainingRows, trainWithThresholds } from './model.js';

const output = fileURLToPath(new URL('../detector/classifier-weights.json', import.meta.url));

const started = performance.now();
const samples = loadSamples();
const data = featuriseAll(samples, DEFAULT_TRAINING.features);
const rows = trainingRows(samples, () => true, DEFAULT_TRAINING.seed);
const { file, oof, oofWindows } = trainWithThresholds(samples, data, rows, DEFAULT_TRAINING);
const json = `${JSON.stringify(file, null, 2)}\n`;
writeFileSync(output, json);

const benign = rows.filter((row) => samples[row]?.label === 0);
const attacks = rows.filter((row) => samples[row]?.label === 1);
// As the detector decides: the whole text at its thresholds, or its best window at the window ones.
const flagged = (list: number[]) =>
  list.filter(
    (row) =>
      (oof.get(row) ?? 0) >= file.thresholds.medium || (oofWindows.get(row) ?? 0) >= file.windowThresholds.medium,
  ).length;
console.log(
  `trained on ${String(samples.length)} prompts (${String(attacks.length)} attacks, ${String(benign.length)} benign)`,
);
console.log(`thresholds (5-fold, benign false-positive targets):`, file.thresholds);
console.log(`window thresholds (the same, on windows and long benign texts):`, file.windowThresholds);
console.log(
  `classifier alone, out of fold, at medium: recall ${(flagged(attacks) / attacks.length).toFixed(3)}, ` +
    `false-positive rate ${(flagged(benign) / benign.length).toFixed(3)}`,
);
console.log(
  `wrote ${output} (${String(json.length)} bytes, sha256 ${createHash('sha256').update(json).digest('hex').slice(0, 16)}) ` +
    `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
