import { agentTypes } from '@nuvem/contracts/workflows';
import { describe, expect, it } from 'vitest';
import { agentActions, agentDefinitions, findAgent } from './agents.js';

describe('agent registry', () => {
  it('has one agent of each type with the documented ids and names', () => {
    expect(agentDefinitions.map((agent) => [agent.id, agent.type, agent.name])).toEqual([
      ['agent_rag', 'rag', 'Knowledge Agent (RAG)'],
      ['agent_business', 'business', 'Business Analyst'],
      ['agent_development', 'development', 'Developer'],
      ['agent_marketing', 'marketing', 'Marketing Writer'],
    ]);
    expect(new Set(agentDefinitions.map((agent) => agent.type))).toEqual(new Set(agentTypes));
    for (const agent of agentDefinitions) {
      expect(agent.description.length).toBeGreaterThan(20);
      expect(agent.systemPrompt.length).toBeGreaterThan(200);
    }
  });

  it('finds an agent by id, and nothing for an unknown id', () => {
    expect(findAgent('agent_marketing')?.type).toBe('marketing');
    expect(findAgent('agent_unknown')).toBeUndefined();
  });

  it('tells the models what the drivers rely on: citations, the sections and the action line', () => {
    const prompt = (id: string) => findAgent(id)?.systemPrompt ?? '';
    expect(prompt('agent_rag')).toMatch(/only the numbered context passages/);
    expect(prompt('agent_rag')).toContain('[1] or [2]');
    expect(prompt('agent_rag')).toMatch(/does not cover/);
    for (const heading of ['## Summary', '## Objectives', '## Risks', '## Next steps']) {
      expect(prompt('agent_business')).toContain(heading);
    }
    for (const action of agentActions.business) expect(prompt('agent_business')).toContain(`Action: ${action}`);
    for (const action of agentActions.development) expect(prompt('agent_development')).toContain(`Action: ${action}`);
    expect(prompt('agent_marketing')).toContain('280 characters');
  });
});
