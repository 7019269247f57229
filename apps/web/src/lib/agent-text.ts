import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { common as en } from './i18n/common.en';

type KnownAgentId = keyof typeof en.agents;

interface AgentLike {
  id: string;
  name: string;
  description?: string;
}

function isKnown(id: string): id is KnownAgentId {
  return Object.hasOwn(en.agents, id);
}

/**
 * An agent's name and description in the language in use. The server sends the registry's English;
 * the portal's own four agents are translated by id, as long as the server still calls them what
 * this catalogue does (an operator's renamed agent keeps the name it was given).
 */
export function useAgentText() {
  const { t } = useTranslation('common');
  return useCallback(
    (agent: AgentLike): { name: string; description: string } => {
      const description = agent.description ?? '';
      if (!isKnown(agent.id) || en.agents[agent.id].name !== agent.name) return { name: agent.name, description };
      return {
        name: t(`agents.${agent.id}.name`),
        description:
          en.agents[agent.id].description === description ? t(`agents.${agent.id}.description`) : description,
      };
    },
    [t],
  );
}
