/**
 * The shared prompt-security data (../shared/datasets/prompt-security/, see its README): every file
 * is a source: the jackhhao jailbreak CSV (benign and jailbreak prompts), the tensor-trust hijacking
 * and extraction benchmarks (attacks only, the `attack` field), and the labelled JSON-lines files
 * (BIPIA, garak, XSafety, personas, role-play, XSTest, LLM Guard); plus our own hand-written benign
 * prompts (benign-extra.ts) and the attacks written as their counterparts (attack-extra.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { attackExtra } from './attack-extra.js';
import { benignExtra } from './benign-extra.js';

/** A source: a file of the shared data (its name without extension), or one of our hand-written sets. */
export type DatasetName = string;

/** The hand-written sets: trained on like the rest, reported on their own, never in the headline figures. */
export const HAND_WRITTEN: readonly DatasetName[] = ['benign-extra', 'attack-extra'];

/**
 * Sources too small to stand alone as a held-out source (four DAN prompts): trained on, reported
 * with the rest, never a row of the leave-one-source-out table.
 */
export const TOO_SMALL: readonly DatasetName[] = ['garak-jailbreak'];

/**
 * Sources the classifier is not trained on (they are still evaluated): garak's encoding probes are
 * payloads of markup and shell commands, not language; learnt from, they teach the classifier that
 * a question about `javascript:` URLs is an attack. Decoding and the rules judge them.
 */
export const NOT_TRAINED_ON: readonly DatasetName[] = ['garak-encoding'];

export interface Sample {
  text: string;
  /** 1: an attack (jailbreak, hijacking, extraction, injection); 0: benign. */
  label: 0 | 1;
  dataset: DatasetName;
  /** ISO 639-1 language of the text ('en' where the source does not say). */
  lang: string;
}

const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url));

/** AI_SECURITY_DATA, else ../shared/datasets/prompt-security beside the repository. */
export function dataDirectory(): string {
  return process.env.AI_SECURITY_DATA ?? resolve(repoRoot, '../shared/datasets/prompt-security');
}

/** RFC 4180 CSV: quoted fields may hold commas, line breaks and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function attacksOf(file: string, dataset: DatasetName): Sample[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const row = JSON.parse(line) as { attack?: unknown };
      if (typeof row.attack !== 'string') throw new Error(`${file}: a row without an attack`);
      return { text: row.attack, label: 1 as const, dataset, lang: 'en' };
    });
}

/** A file of `{"text", "label": "attack" | "benign", "source", "lang"}` lines. */
function labelledOf(file: string, dataset: DatasetName): Sample[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const row = JSON.parse(line) as { text?: unknown; label?: unknown; lang?: unknown };
      if (typeof row.text !== 'string') throw new Error(`${file}: a row without a text`);
      if (row.label !== 'attack' && row.label !== 'benign')
        throw new Error(`${file}: unknown label ${String(row.label)}`);
      return {
        text: row.text,
        label: row.label === 'attack' ? (1 as const) : (0 as const),
        dataset,
        lang: typeof row.lang === 'string' && row.lang ? row.lang : 'en',
      };
    });
}

/** The files of the shared directory in name order: each is a source. */
export function sourceFiles(directory = dataDirectory()): string[] {
  if (!existsSync(directory)) {
    throw new Error(
      `The prompt-security data is not at ${directory}: set AI_SECURITY_DATA to the directory that holds its files ` +
        '(../shared/datasets/prompt-security beside the repository by default).',
    );
  }
  return readdirSync(directory)
    .filter((file) => /\.(jsonl|csv)$/.test(file))
    .sort();
}

/** Every labelled sample: the shared data (every file a source), then the hand-written benign prompts and attacks. */
export function loadSamples(directory = dataDirectory()): Sample[] {
  const samples: Sample[] = [];
  for (const file of sourceFiles(directory)) {
    const path = resolve(directory, file);
    const dataset = file.replace(/\.(jsonl|csv)$/, '');
    if (file === 'jackhhao-jailbreak-train.csv') {
      const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
      if (header?.[0] !== 'prompt' || header[1] !== 'type') throw new Error('jackhhao CSV: expected prompt,type');
      for (const row of rows) {
        const [text = '', type] = row;
        if (type !== 'benign' && type !== 'jailbreak') throw new Error(`jackhhao CSV: unknown type ${String(type)}`);
        samples.push({ text, label: type === 'jailbreak' ? 1 : 0, dataset: 'jackhhao', lang: 'en' });
      }
    } else if (file.startsWith('tensor-trust-')) samples.push(...attacksOf(path, dataset));
    else if (file.endsWith('.jsonl')) samples.push(...labelledOf(path, dataset));
  }
  return [
    ...samples,
    ...benignExtra.map((text): Sample => ({ text, label: 0, dataset: 'benign-extra', lang: 'en' })),
    ...attackExtra.map((text): Sample => ({ text, label: 1, dataset: 'attack-extra', lang: 'en' })),
  ];
}
