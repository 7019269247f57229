import type { Flow } from '@nuvem/contracts/workflows';
import { FolderOpenIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog, DeleteIconButton } from '@/components/confirm-delete-footer';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCan } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { cn } from '@/lib/utils';

export interface FlowsListProps {
  flows: readonly Flow[];
  /** The flow open in the builder. */
  currentId: string | null;
  onOpen: (flow: Flow) => void;
  /** Deletes after the confirmation; resolves once the server answered. */
  onDelete: (flow: Flow) => Promise<void>;
  deleting: boolean;
}

/** The saved flows (beyond the spec): name, node count, status and last run, to reopen or delete. */
export function FlowsList({ flows, currentId, onOpen, onDelete, deleting }: FlowsListProps) {
  const { t } = useTranslation(['workflows', 'common']);
  const canWrite = useCan('flows:write');
  const f = useFormat();
  const headingId = useId();
  const [confirming, setConfirming] = useState<Flow | null>(null);
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle>
          <h2 id={headingId}>{t('flows.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-3 pb-3">
        {flows.length === 0 ? (
          <p className="px-3 pb-3 text-sm text-muted-foreground">{t('flows.empty')}</p>
        ) : (
          <ul aria-label={t('flows.list')} className="grid gap-2">
            {flows.map((flow) => {
              const current = flow.id === currentId;
              const last = flow.last_execution;
              return (
                <li
                  key={flow.id}
                  data-testid={`flow-item-${flow.id}`}
                  aria-current={current || undefined}
                  className={cn(
                    'grid gap-1.5 rounded-lg border p-2.5 text-sm',
                    current ? 'border-primary/60 bg-primary/10' : 'border-glass-border bg-glass',
                  )}
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="min-w-0 font-medium break-words">{flow.name}</p>
                    <Badge variant={flow.status === 'running' ? 'warning' : 'outline'}>
                      {t(`flows.statuses.${flow.status}`)}
                    </Badge>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {t('flows.nodes', { count: flow.nodes.length })}
                    {' · '}
                    {last
                      ? t('flows.lastRun', {
                          status: t(`run.statuses.${last.status}`),
                          when: f.relative(last.created_at),
                        })
                      : t('flows.neverRun')}
                  </p>
                  <div className="flex flex-wrap gap-1.5">
                    <Button
                      size="sm"
                      variant={current ? 'secondary' : 'outline'}
                      aria-label={t('flows.openNamed', { name: flow.name })}
                      onClick={() => onOpen(flow)}
                    >
                      <FolderOpenIcon aria-hidden="true" />
                      {current ? t('flows.current') : t('flows.open')}
                    </Button>
                    {canWrite && (
                      <DeleteIconButton
                        size="sm"
                        label={t('flows.delete', { name: flow.name })}
                        onClick={() => setConfirming(flow)}
                      />
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('flows.deleteTitle', { name: confirming?.name ?? '' })}
        text={t('flows.deleteText')}
        confirmLabel={t('flows.deleteConfirm')}
        pending={deleting}
        cancelWhilePending
        onConfirm={() => {
          if (!confirming) return;
          void onDelete(confirming).finally(() => setConfirming(null));
        }}
      />
    </Card>
  );
}
