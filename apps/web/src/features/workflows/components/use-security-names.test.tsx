import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useSecurityNames } from './use-security-names';

const finding = { type: 'instruction_override' as const, message: 'Asks to ignore the earlier instructions' };

describe('the security layer in words', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("shows the server's own message in English, and the finding explained in Portuguese", async () => {
    expect(renderHook(() => useSecurityNames()).result.current.explain(finding)).toBe(finding.message);
    await i18n.changeLanguage('pt-PT');
    expect(renderHook(() => useSecurityNames()).result.current.explain(finding)).toBe(
      'Pede ao modelo que ignore ou substitua as instruções que recebeu.',
    );
    // A type this app does not know yet: the server's words.
    expect(
      renderHook(() => useSecurityNames()).result.current.explain({ type: 'new_kind', message: 'New' } as never),
    ).toBe('New');
  });

  it('names the sources of material a model reads, in both languages', async () => {
    const names = renderHook(() => useSecurityNames()).result.current;
    expect(['knowledge.document', 'knowledge.passage', 'chat.history'].map((s) => names.source(s as never))).toEqual([
      'Knowledge document',
      'Retrieved passage',
      'Chat history',
    ]);
    await i18n.changeLanguage('pt-PT');
    const pt = renderHook(() => useSecurityNames()).result.current;
    expect(pt.source('knowledge.passage')).toBe('Excerto recuperado');
  });

  it('names each encoding of a chain', async () => {
    const names = renderHook(() => useSecurityNames()).result.current;
    expect(names.encoding('base64+reversed')).toBe('Base64 + reversed text');
    expect(names.encoding('unknown')).toBe('unknown');
  });
});
