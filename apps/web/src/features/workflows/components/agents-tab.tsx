import { agentStatusColors, type Agent } from '@nuvem/contracts/workflows';
import { BotIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useAgentText } from '@/lib/agent-text';
import { useFormat } from '@/lib/format';
import { AgentTypeIcon } from './agent-type-icon';

/** Spec 2, "Agents dashboard": the Agents tab, a grid of agent cards. */
export function AgentsTab({ agents }: { agents: readonly Agent[] }) {
  const { t } = useTranslation('workflows');
  if (agents.length === 0) {
    return (
      <div className="glass flex flex-col items-center gap-2 rounded-2xl p-10 text-center">
        <BotIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <h2 className="font-semibold">{t('agents.empty')}</h2>
        <p className="text-sm text-muted-foreground">{t('agents.emptyText')}</p>
      </div>
    );
  }
  return (
    <ul aria-label={t('agents.list')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {agents.map((agent) => (
        <li key={agent.id} className="min-w-0">
          <AgentCard agent={agent} />
        </li>
      ))}
    </ul>
  );
}

/** One agent: name, description, type icon, status dot and its figures (Executions, Avg Latency (ms), Success). */
export function AgentCard({ agent }: { agent: Agent }) {
  const { t } = useTranslation('workflows');
  const text = useAgentText()(agent);
  const f = useFormat();
  const headingId = useId();
  const status = t(`agents.statuses.${agent.status}`);
  const { totalExecutions, avgLatency, successRate } = agent.performance;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-testid={`agent-card-${agent.id}`}
      className="flex h-full flex-col"
    >
      <CardHeader className="gap-3 pb-4">
        <div className="flex items-start gap-3">
          <AgentTypeIcon type={agent.type} />
          <div className="grid min-w-0 flex-1 gap-0.5">
            {/* A long name (Portuguese runs longer) wraps; the status dot stays beside it, inside the card. */}
            <div className="flex min-w-0 items-center gap-2">
              <h3 id={headingId} className="min-w-0 font-semibold break-words">
                {text.name}
              </h3>
              <span
                role="img"
                aria-label={t('agents.status', { status })}
                title={status}
                data-status={agent.status}
                className="size-2.5 shrink-0 rounded-full ring-2 ring-background"
                style={{ backgroundColor: agentStatusColors[agent.status] }}
              />
            </div>
            <p className="text-xs text-muted-foreground">{t(`agents.types.${agent.type}`)}</p>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{text.description}</p>
        <div className="flex flex-wrap gap-1.5">
          {agent.driver === 'offline' ? (
            <Badge variant="outline" title={t('agents.offlineDriverHint')}>
              {t('agents.offlineDriver')}
            </Badge>
          ) : (
            agent.model && <Badge variant="secondary">{t('agents.model', { model: agent.model })}</Badge>
          )}
        </div>
        {agent.status === 'offline' && agent.status_reason && (
          <p className="text-xs text-destructive">{agent.status_reason}</p>
        )}
      </CardHeader>
      <CardContent className="mt-auto">
        <dl aria-label={t('agents.performance')} className="grid grid-cols-3 gap-2 text-center">
          <Figure label={t('agents.executions')} value={f.count(totalExecutions)} />
          <Figure label={t('agents.avgLatency')} value={f.count(avgLatency)} />
          <Figure label={t('agents.success')} value={t('agents.percent', { value: f.fixed(successRate * 100, 1) })} />
        </dl>
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse gap-0.5 rounded-lg bg-glass p-2">
      <dt className="text-[0.7rem] leading-tight text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
