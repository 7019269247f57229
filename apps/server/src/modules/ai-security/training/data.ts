/**
 * The shared prompt-security data (../shared/datasets/prompt-security/, see its README): the
 * jackhhao jailbreak set (benign and jailbreak prompts) and the tensor-trust hijacking and
 * extraction benchmarks (attacks only, the `attack` field), plus our own hand-written benign
 * prompts (benign-extra.ts) and the attacks written as their counterparts (attack-extra.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { attackExtra } from './attack-extra.js';
import { benignExtra } from './benign-extra.js';

export type DatasetName =
  'jackhhao' | 'tensor-trust-hijacking' | 'tensor-trust-extraction' | 'benign-extra' | 'attack-extra';

/** The hand-written sets: trained on like the rest, reported on their own, never in the headline figures. */
export const HAND_WRITTEN: readonly DatasetName[] = ['benign-extra', 'attack-extra'];

export interface Sample {
  text: string;
  /** 1: an attack (jailbreak, hijacking, extraction); 0: benign. */
  label: 0 | 1;
  dataset: DatasetName;
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
      return { text: row.attack, label: 1 as const, dataset };
    });
}

/** Every labelled sample: the shared data, then the hand-written benign prompts and attacks. */
export function loadSamples(directory = dataDirectory()): Sample[] {
  const [header, ...rows] = parseCsv(readFileSync(resolve(directory, 'jackhhao-jailbreak-train.csv'), 'utf8'));
  if (header?.[0] !== 'prompt' || header[1] !== 'type') throw new Error('jackhhao CSV: expected prompt,type');
  const jackhhao = rows.map((row): Sample => {
    const [text = '', type] = row;
    if (type !== 'benign' && type !== 'jailbreak') throw new Error(`jackhhao CSV: unknown type ${String(type)}`);
    return { text, label: type === 'jailbreak' ? 1 : 0, dataset: 'jackhhao' };
  });
  return [
    ...jackhhao,
    ...attacksOf(resolve(directory, 'tensor-trust-hijacking.jsonl'), 'tensor-trust-hijacking'),
    ...attacksOf(resolve(directory, 'tensor-trust-extraction.jsonl'), 'tensor-trust-extraction'),
    ...benignExtra.map((text): Sample => ({ text, label: 0, dataset: 'benign-extra' })),
    ...attackExtra.map((text): Sample => ({ text, label: 1, dataset: 'attack-extra' })),
  ];
}
