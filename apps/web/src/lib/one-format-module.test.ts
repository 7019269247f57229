import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('one language system', () => {
  it('formats dates, numbers and currency only in lib/format.ts', () => {
    const offenders = sourceFiles(root)
      .filter((file) => !file.endsWith(join('lib', 'format.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => /\bIntl\.|\.toLocale(Date|Time)?String\(/.test(line))
          .map(({ index }) => `${relative(root, file)}:${index + 1}`),
      );
    expect(offenders).toEqual([]);
  });

  it('keeps no *Texts copy objects outside the message catalogue', () => {
    const offenders = sourceFiles(root).filter((file) => /export const \w+Texts\s*=/.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => relative(root, file))).toEqual([]);
  });
});
