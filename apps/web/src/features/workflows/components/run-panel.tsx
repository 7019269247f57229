import type { Execution, ExecutionStatus, ExecutionStep } from '@nuvem/contracts/workflows';
import { useQueryClient } from '@tanstack/react-query';
import { CircleStopIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { RichText } from '@/components/ui/rich-text';
import { useCan } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCancelExecution } from '../api/cancel-execution';
import { firstNewsOfEnd, refreshSoon } from '../api/flow-refresh';
import { useExecution } from '../api/get-execution';
import { useFlowExecutions } from '../api/get-flow-executions';
import { workflowKeys } from '../api/workflow-keys';
import { isCancellable, isFinished } from '../lib/run-status';
import { useSecurityNames } from './use-security-names';
import { WorkflowError } from './workflow-error';

type BadgeVariant = 'secondary' | 'success' | 'warning' | 'destructive' | 'outline';

const statusVariant: Record<ExecutionStatus, BadgeVariant> = {
  queued: 'secondary',
  running: 'warning',
  completed: 'success',
  failed: 'destructive',
  cancelled: 'outline',
};

export interface RunPanelProps {
  /** The open flow, for its recent runs. */
  flowId: string | null;
  /** The run shown. */
  executionId: string | null;
  onShowRun: (id: string) => void;
}

/**
 * The live run view (beyond the spec): the run's status with a Cancel button while it is queued or
 * running, each step (node, action taken, duration, output, error, sources), the result, and the
 * flow's recent runs, each queued or running one with its own Cancel button. The run (and the list
 * while one of its runs is unfinished) is read again on every `execution.updated` event and, as a
 * fallback, every second until it is finished.
 */
export function RunPanel({ flowId, executionId, onShowRun }: RunPanelProps) {
  const { t } = useTranslation(['workflows', 'common']);
  const f = useFormat();
  const headingId = useId();
  const execution = useExecution(executionId);
  const runs = useFlowExecutions(flowId);
  // One failure shown for the panel's Cancel and the list's: the latest.
  const [cancelFailure, setCancelFailure] = useState<Error | null>(null);
  const run = execution.data;
  useRefreshWhenFinished(run);
  // A run just asked for (or picked from the list) is brought into view: below the canvas it
  // would otherwise start and finish out of sight.
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    // jsdom (the unit tests) has neither.
    if (!executionId || !panel || typeof window.matchMedia !== 'function') return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'nearest' });
  }, [executionId]);

  if (!flowId && !executionId) return null;
  return (
    <div ref={panelRef} className="min-w-0 scroll-mt-4">
      <Card className="min-w-0" aria-labelledby={headingId} role="region">
        <CardHeader className="pb-3">
          <CardTitle className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex flex-wrap items-center gap-2">
              <h3 id={headingId}>{t('run.title')}</h3>
              {run && (
                <Badge variant={statusVariant[run.status]} data-testid="run-status">
                  {t(`run.statuses.${run.status}`)}
                </Badge>
              )}
            </span>
            {run && isCancellable(run.status) && <CancelRunButton id={run.id} onFailed={setCancelFailure} />}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {cancelFailure && <WorkflowError title={t('run.cancelFailed')} error={cancelFailure} />}
          {execution.isError && !run && (
            <p role="alert" className="text-sm text-destructive">
              {t('run.loadFailed', { reason: execution.error.message || t('common:errors.unexpected') })}
            </p>
          )}
          {executionId && !run && !execution.isError && (
            <p className="text-sm text-muted-foreground">{t('common:status.loading')}</p>
          )}
          {run && <RunDetails run={run} />}
          {flowId && (
            <div className="grid gap-2">
              <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('run.recent')}</h4>
              {runs.data && runs.data.length === 0 && (
                <p className="text-sm text-muted-foreground">{t('run.noRuns')}</p>
              )}
              {runs.data && runs.data.length > 0 && (
                <ul aria-label={t('run.recent')} className="flex flex-wrap gap-1.5">
                  {runs.data.map((other) => (
                    <li key={other.id} className="flex items-center gap-0.5">
                      <Button
                        size="sm"
                        variant={other.id === executionId ? 'secondary' : 'ghost'}
                        aria-pressed={other.id === executionId}
                        onClick={() => onShowRun(other.id)}
                      >
                        <span
                          aria-hidden="true"
                          className={cn(
                            'size-2 rounded-full',
                            other.status === 'completed' && 'bg-success',
                            other.status === 'failed' && 'bg-destructive',
                            (other.status === 'queued' || other.status === 'running') && 'bg-warning',
                            other.status === 'cancelled' && 'bg-muted-foreground',
                          )}
                        />
                        {f.dateTime(other.created_at)}
                        <span className="sr-only">{t(`run.statuses.${other.status}`)}</span>
                      </Button>
                      {isCancellable(other.status) && (
                        <CancelRunButton
                          id={other.id}
                          compact
                          label={t('run.cancelOf', { when: f.dateTime(other.created_at) })}
                          onFailed={setCancelFailure}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * 'Cancel run' for one queued or running run (the panel's run, or one of the recent runs): each
 * button has its own request, so cancelling one run does not mark another as cancelling.
 */
function CancelRunButton({
  id,
  compact = false,
  label,
  onFailed,
}: {
  id: string;
  /** In the list of recent runs: the icon only, named by `label`. */
  compact?: boolean;
  label?: string;
  onFailed: (error: Error | null) => void;
}) {
  const { t } = useTranslation('workflows');
  const cancel = useCancelExecution();
  // Cancelling a run is flows:execute (a viewer watches runs, it does not stop them).
  const canExecute = useCan('flows:execute');
  if (!canExecute) return null;
  return (
    <Button
      variant={compact ? 'ghost' : 'outline'}
      size="sm"
      className={compact ? 'px-2' : undefined}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      disabled={cancel.isPending}
      onClick={() => {
        onFailed(null);
        cancel.mutate(id, { onError: (error) => onFailed(error) });
      }}
    >
      {cancel.isPending ? (
        <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      ) : (
        <CircleStopIcon aria-hidden="true" />
      )}
      {!compact && (cancel.isPending ? t('run.cancelling') : t('run.cancel'))}
    </Button>
  );
}

/**
 * Spec 4: a run that ended refreshes its flow's data. The live stream does it too; this covers a
 * page whose stream is down, where the run is polled instead.
 */
function useRefreshWhenFinished(run: Execution | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<{ id: string; finished: boolean } | null>(null);
  useEffect(() => {
    if (!run) return;
    const finished = isFinished(run.status);
    const before = seen.current;
    seen.current = { id: run.id, finished };
    // Unless the stream already said this run ended (it then refreshed the same things).
    if (finished && before?.id === run.id && !before.finished && firstNewsOfEnd(queryClient, run.id)) {
      refreshSoon(queryClient, workflowKeys.flows, workflowKeys.agents);
    }
  }, [run, queryClient]);
}

function RunDetails({ run }: { run: Execution }) {
  const { t } = useTranslation('workflows');
  const f = useFormat();
  return (
    <div className="grid gap-3 text-sm">
      <dl className="grid gap-1">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">{t('run.input')}</dt>
          <dd className="min-w-0 break-words whitespace-pre-wrap">{run.input || '—'}</dd>
        </div>
        <div className="text-xs text-muted-foreground">
          <dt className="sr-only">{t('run.status', { status: t(`run.statuses.${run.status}`) })}</dt>
          <dd>
            {t('run.started', { when: f.dateTime(run.created_at) })}
            {run.tokens_used > 0 && ` · ${t('run.tokens', { n: f.count(run.tokens_used) })}`}
          </dd>
        </div>
      </dl>
      {run.error && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3">
          {run.error.message}
        </p>
      )}
      <div className="grid gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('run.steps')}</h4>
        {run.steps.length === 0 ? (
          <p className="text-muted-foreground">{t('run.noSteps')}</p>
        ) : (
          <ol aria-label={t('run.steps')} className="grid gap-2">
            {run.steps.map((step) => (
              <StepItem key={step.index} step={step} />
            ))}
          </ol>
        )}
      </div>
      {run.status === 'completed' && run.output !== null && (
        <div className="grid gap-1">
          <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('run.result')}</h4>
          <RichText
            text={run.output}
            label={t('run.result')}
            className="max-h-64 overflow-auto rounded-lg border border-glass-border bg-background/40 p-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
        </div>
      )}
    </div>
  );
}

function StepItem({ step }: { step: ExecutionStep }) {
  const { t } = useTranslation('workflows');
  const f = useFormat();
  const names = useSecurityNames();
  return (
    <li
      data-testid={`run-step-${step.node_id}`}
      data-step-status={step.status}
      className={cn(
        'grid gap-2 rounded-lg border bg-glass p-3',
        step.status === 'failed' ? 'border-destructive/50' : 'border-glass-border',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted-foreground tabular-nums">{step.index + 1}.</span>
        <strong className="font-semibold">{step.node_name}</strong>
        <Badge variant={step.status === 'completed' ? 'success' : step.status === 'failed' ? 'destructive' : 'warning'}>
          {t(`builder.runStatus.${step.status}`)}
        </Badge>
        {step.action && <Badge variant="outline">{t('run.action', { action: step.action })}</Badge>}
        {step.duration_ms !== null && (
          <span className="text-xs text-muted-foreground tabular-nums">
            {t('run.duration', { ms: f.count(step.duration_ms) })}
          </span>
        )}
        {step.attempts > 1 && (
          <span className="text-xs text-muted-foreground">{t('run.attempts', { count: step.attempts })}</span>
        )}
        {step.used_fallback && <Badge variant="warning">{t('run.fallback')}</Badge>}
      </div>
      {step.output !== null && (
        <div className="grid gap-1">
          <span className="text-xs text-muted-foreground">{t('run.output')}</span>
          <RichText
            text={step.output}
            label={t('run.outputOf', { node: step.node_name })}
            className="max-h-48 overflow-auto rounded-md bg-background/40 p-2 text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
        </div>
      )}
      {step.error && (
        <p className="text-destructive">
          <span className="font-medium">{t('run.error')}: </span>
          {step.error}
        </p>
      )}
      {step.findings.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {t('run.findings', {
            types: [...new Set(step.findings.map((finding) => names.type(finding.type)))].join(', '),
          })}
        </p>
      )}
      {step.citations.length > 0 && (
        <div className="grid gap-1">
          <span className="text-xs text-muted-foreground">{t('run.citations')}</span>
          <ul className="grid gap-1">
            {step.citations.map((citation, index) => (
              <li key={`${citation.document_id}-${String(index)}`} className="text-xs">
                <strong className="font-medium">{citation.title}</strong>
                <span className="text-muted-foreground"> — {citation.excerpt}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
