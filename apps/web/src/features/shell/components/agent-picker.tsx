import type { Agent } from '@nuvem/contracts/workflows';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useAgentText } from '@/lib/agent-text';
import { cn } from '@/lib/utils';

/**
 * The assistant's agents as a radio group drawn as cards: native radios, so the arrow keys move
 * the choice and the group is one tab stop. Below it, the chosen agent's description and how it
 * answers (deterministic 'Offline agents' or a model).
 */
export function AgentPicker({
  agents,
  value,
  onChange,
}: {
  agents: Agent[];
  value: string | undefined;
  onChange: (agentId: string) => void;
}) {
  const { t } = useTranslation('shell');
  const agentText = useAgentText();
  const id = useId();
  const chosen = agents.find((agent) => agent.id === value);
  const noteId = `${id}-note`;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={chosen ? noteId : undefined}>
      <legend className="mb-2 text-sm font-medium">{t('assistant.agent')}</legend>
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {agents.map((agent) => {
          const titleId = `${id}-${agent.id}-title`;
          const detailId = `${id}-${agent.id}-detail`;
          return (
            <label
              key={agent.id}
              className={cn(
                'relative flex min-w-0 cursor-pointer flex-col gap-1 rounded-lg border border-glass-border bg-glass p-2.5 text-sm transition-colors hover:bg-glass-strong',
                'has-[:checked]:border-primary has-[:checked]:bg-primary/10',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              )}
            >
              <input
                type="radio"
                name={`${id}-agent`}
                value={agent.id}
                checked={agent.id === value}
                onChange={() => onChange(agent.id)}
                aria-labelledby={titleId}
                aria-describedby={detailId}
                className="sr-only"
              />
              <span id={titleId} className="font-medium break-words">
                {agentText(agent).name}
              </span>
              <span id={detailId} className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                <span>{t(`assistant.types.${agent.type}`)}</span>
                {agent.status !== 'available' && (
                  <span className="font-medium text-warning">{t(`assistant.status.${agent.status}`)}</span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {chosen && (
        <div id={noteId} className="flex flex-col gap-1 text-sm text-muted-foreground">
          <p>{agentText(chosen).description}</p>
          {chosen.status === 'offline' && chosen.status_reason && (
            <p className="text-warning">{t('assistant.unavailableReason', { reason: chosen.status_reason })}</p>
          )}
          {chosen.driver === 'offline' ? (
            <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <Badge variant="secondary">{t('assistant.offlineAgents')}</Badge>
              <span>{t('assistant.offlineNote')}</span>
            </p>
          ) : (
            <p>{t('assistant.modelNote', { model: chosen.model ?? t('assistant.modelFallback') })}</p>
          )}
        </div>
      )}
    </fieldset>
  );
}
