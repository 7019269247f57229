import { Handle, Position, type NodeProps } from '@xyflow/react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { BuilderNode } from '../lib/flow-payload';
import type { NodeRunStatus } from '../lib/run-status';
import { AgentTypeIcon } from './agent-type-icon';

/** What the canvas shows beside the graph: how each node's run is going, the start, the node a save refused. */
export interface BuilderView {
  runStatuses: ReadonlyMap<string, NodeRunStatus>;
  startNodeId: string | null;
  problemNodeId: string | null;
}

export const BuilderViewContext = createContext<BuilderView>({
  runStatuses: new Map(),
  startNodeId: null,
  problemNodeId: null,
});

// Larger than React Flow's 6 px dots, so they can be hit with a finger; inline because the
// library's own (unlayered) styles win over utility classes.
const handleStyle = {
  width: 14,
  height: 14,
  background: 'var(--color-primary)',
  border: '2px solid var(--color-background)',
} as const;

/**
 * A builder node: the agent's type icon, the node's name and type, a dot on top to connect into it
 * and one below to connect from it (test ids `handle-target-{id}` and `handle-source-{id}`), and
 * its run status (running: a pulsing ring, completed: green, failed: red).
 */
export function AgentNode({ id, data, selected }: NodeProps<BuilderNode>) {
  const { t } = useTranslation('workflows');
  const { runStatuses, startNodeId, problemNodeId } = useContext(BuilderViewContext);
  const run = runStatuses.get(id);
  return (
    <div
      data-testid={`flow-node-${id}`}
      data-run-status={run ?? 'idle'}
      className={cn(
        'relative w-52 rounded-xl border border-glass-border bg-popover px-3 py-2.5 text-popover-foreground shadow-lg transition-colors motion-reduce:transition-none',
        'in-focus-visible:ring-2 in-focus-visible:ring-ring in-focus-visible:ring-offset-2 in-focus-visible:ring-offset-background',
        selected && 'border-primary',
        run === 'completed' && 'border-success bg-success/15 ring-2 ring-success',
        run === 'failed' && 'border-destructive bg-destructive/15 ring-2 ring-destructive',
        id === problemNodeId && 'outline-2 outline-offset-4 outline-destructive outline-dashed',
      )}
    >
      {run === 'running' && (
        <span
          aria-hidden="true"
          data-testid="running-ring"
          className="pointer-events-none absolute -inset-1.5 animate-pulse rounded-2xl ring-4 ring-primary motion-reduce:animate-none"
        />
      )}
      <Handle
        type="target"
        position={Position.Top}
        style={handleStyle}
        data-testid={`handle-target-${id}`}
        aria-label={t('builder.handles.target', { name: data.label })}
      />
      {id === startNodeId && (
        <span className="absolute -top-2.5 right-3 rounded-full bg-primary px-2 py-px text-[0.65rem] font-semibold text-primary-foreground">
          {t('builder.start')}
        </span>
      )}
      <div className="flex items-center gap-2.5">
        <AgentTypeIcon type={data.agentType} className="size-8" />
        <div className="grid min-w-0">
          <p className="truncate text-sm font-semibold">{data.label}</p>
          <p className="truncate text-xs text-muted-foreground">{t(`agents.types.${data.agentType}`)}</p>
        </div>
      </div>
      {run && (
        <p
          className={cn(
            'mt-1.5 text-xs font-medium',
            run === 'running' && 'text-primary',
            run === 'completed' && 'text-success',
            run === 'failed' && 'text-destructive',
          )}
        >
          {t(`builder.runStatus.${run}`)}
        </p>
      )}
      <Handle
        type="source"
        position={Position.Bottom}
        style={handleStyle}
        data-testid={`handle-source-${id}`}
        aria-label={t('builder.handles.source', { name: data.label })}
      />
    </div>
  );
}
