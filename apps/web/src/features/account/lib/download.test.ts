import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it.each([
    ['attachment; filename="nuvem-account-2025-01-31.json"', 'nuvem-account-2025-01-31.json'],
    ['attachment; filename=data.json', 'data.json'],
    ['attachment; filename="../../etc/passwd"', null],
    ['attachment', null],
    [null, null],
  ])('%s -> %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});
