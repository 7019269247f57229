import { agentStatusColors, workflowConstants, type Agent } from '@nuvem/contracts/workflows';
import { PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAgentText } from '@/lib/agent-text';
import { AgentTypeIcon } from './agent-type-icon';

/**
 * Spec 2, "Agents dashboard": the builder's 'Available Agents' list (at most 600 px high, then it
 * scrolls). Each agent is a button: a click, Enter or Space adds a node for it.
 */
export function AgentPalette({ agents, onAdd }: { agents: readonly Agent[]; onAdd: (agent: Agent) => void }) {
  const { t } = useTranslation('workflows');
  const agentText = useAgentText();
  const headingId = useId();
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle>
          <h2 id={headingId}>{t('builder.availableAgents')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-3 pb-3">
        {agents.length === 0 ? (
          <p className="px-3 pb-3 text-sm text-muted-foreground">{t('builder.noAgents')}</p>
        ) : (
          <ul
            aria-labelledby={headingId}
            data-testid="available-agents"
            // On a phone the list sits above the canvas: shorter there, so the canvas stays in reach.
            className="grid gap-1.5 overflow-y-auto overscroll-contain p-0.5 max-lg:max-h-56!"
            style={{ maxHeight: workflowConstants.agentListMaxHeight }}
          >
            {agents.map((agent) => (
              <li key={agent.id}>
                <button
                  type="button"
                  aria-label={t('builder.addAgent', { name: agentText(agent).name })}
                  onClick={() => onAdd(agent)}
                  className="flex w-full cursor-pointer items-center gap-2.5 rounded-lg border border-transparent p-2 text-left transition-colors hover:border-glass-border hover:bg-glass-strong focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none motion-reduce:transition-none"
                >
                  <AgentTypeIcon type={agent.type} className="size-8" />
                  {/* Names wrap rather than being cut: 'Knowledge Agent (RAG)' is wider than the column. */}
                  <span className="grid min-w-0 flex-1">
                    <span className="flex items-baseline gap-1.5">
                      <span data-testid="agent-name" className="min-w-0 text-sm font-medium break-words">
                        {agentText(agent).name}
                      </span>
                      <span
                        aria-hidden="true"
                        className="size-2 shrink-0 self-center rounded-full"
                        style={{ backgroundColor: agentStatusColors[agent.status] }}
                      />
                    </span>
                    <span className="text-xs break-words text-muted-foreground">{t(`agents.types.${agent.type}`)}</span>
                  </span>
                  <PlusIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
