import { describe, expect, it } from 'vitest';
import { containers as pt } from './pt-PT';

type Tree = { readonly [key: string]: string | Tree };

function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );
}

describe('the containers catalogue', () => {
  it("says 'instantâneo' in European Portuguese, never the English 'snapshot'", () => {
    const english = texts(pt).filter(([, text]) => /snapshot/i.test(text));
    expect(english).toEqual([]);
    expect(pt.actions.snapshot).toBe('Criar instantâneo');
    expect(pt.snapshot.title).toBe('Criar instantâneo');
  });
});
