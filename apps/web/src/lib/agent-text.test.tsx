import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAgentText } from './agent-text';
import { chooseLanguage } from './i18n';

afterEach(async () => {
  await chooseLanguage('en');
});

describe('useAgentText', () => {
  it('names the portal’s agents in the language in use', async () => {
    await chooseLanguage('pt-PT');
    const { result } = renderHook(() => useAgentText());
    expect(result.current({ id: 'agent_business', name: 'Business Analyst' }).name).toBe('Analista de Negócio');
    expect(
      result.current({
        id: 'agent_rag',
        name: 'Knowledge Agent (RAG)',
        description:
          'Answers questions from the documents in your knowledge base and cites the passages it used; says so when they do not cover the question.',
      }).description,
    ).toMatch(/^Responde a perguntas/);
  });

  it('keeps a name the server changed, and agents it does not know', async () => {
    await chooseLanguage('pt-PT');
    const { result } = renderHook(() => useAgentText());
    expect(result.current({ id: 'agent_business', name: 'Our analyst' }).name).toBe('Our analyst');
    expect(result.current({ id: 'agent_custom', name: 'Custom', description: 'Mine' })).toEqual({
      name: 'Custom',
      description: 'Mine',
    });
  });
});
