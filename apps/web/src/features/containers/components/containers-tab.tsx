import {
  CONTAINER_PAGE_SIZE,
  containerStatuses,
  metricColour,
  type Container,
  type ContainerStatus,
} from '@nuvem/contracts/containers';
import { useMutationState } from '@tanstack/react-query';
import { AlertTriangleIcon, BoxIcon, Loader2Icon, PlusIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/load-state';
import { Card } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { errorMessage, notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useContainerTemplates } from '../api/get-container-catalogue';
import { useContainers } from '../api/get-containers';
import { formatPercent } from '../lib/metrics-format';
import { missingAddressKey, sshCommandOf } from '../lib/ssh-address';
import { templateName as nameOfTemplate, toTemplateOptions } from '../lib/wizard-payload';
import { ContainerActionsMenu } from './container-actions-menu';
import { ContainerStatusBadge } from './container-status-badge';

export const metricColourClass = {
  green: 'text-success',
  yellow: 'text-warning',
  red: 'text-destructive',
} as const;

const ALL = 'all';

/** Whether a start, stop, restart, snapshot, scale or delete of this container is in flight. */
function useActionInFlight(id: string): boolean {
  const pending = useMutationState({ filters: { status: 'pending' }, select: (mutation) => mutation.state.variables });
  return pending.some(
    (variables) =>
      variables === id ||
      (typeof variables === 'object' && variables !== null && 'id' in variables && variables.id === id),
  );
}

export interface ContainersTabProps {
  /** Opens the create wizard (from the empty state). */
  onCreate: () => void;
  /** Shows one container in the Metrics tab. */
  onViewMetrics?: (id: string) => void;
}

/** Spec 2, Containers tab: the paged list (10 a page), refreshed every 30 s, with each container's actions. */
export function ContainersTab({ onCreate, onViewMetrics }: ContainersTabProps) {
  const { t } = useTranslation('containers');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ContainerStatus | undefined>(undefined);
  const list = useContainers({ page, perPage: CONTAINER_PAGE_SIZE, status });
  const templates = useContainerTemplates();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Spec 8: one 'Failed to load containers' toast per failure, not one per 30 s retry.
  const notified = useRef(false);
  useEffect(() => {
    if (list.isError && !notified.current) {
      notified.current = true;
      notify.error(t('list.loadFailedToast'));
    } else if (!list.isError) {
      notified.current = false;
    }
  }, [list.isError, t]);

  const templateOptions = toTemplateOptions(templates.data);
  const templateName = (id: string) => nameOfTemplate(id, templateOptions);

  const data = list.data;
  const pages = Math.max(1, data?.pages ?? 1);
  const containers = data?.containers ?? [];
  const onLastItemOfPage = containers.length === 1 && page > 1;

  if (data && data.total === 0 && !status && !list.isError) {
    return <NoContainers onCreate={onCreate} />;
  }

  return (
    <section aria-labelledby="containers-list-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3
          id="containers-list-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold focus-visible:outline-none"
        >
          {t('list.heading')}
          {data && <span className="ml-2 text-sm font-normal text-muted-foreground">({data.total})</span>}
        </h3>
        <Select
          value={status ?? ALL}
          onValueChange={(value) => {
            setStatus(containerStatuses.find((s) => s === value));
            setPage(1);
          }}
        >
          <SelectTrigger aria-label={t('list.filterLabel')} className="w-full sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('list.allStatuses')}</SelectItem>
            {containerStatuses.map((s) => (
              <SelectItem key={s} value={s}>
                {t(`list.filterOption.${s}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {list.isError && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
        >
          <p className="flex items-center gap-2">
            <AlertTriangleIcon aria-hidden="true" className="size-4 shrink-0 text-destructive" />
            {t('list.loadFailed', { reason: errorMessage(list.error, t('list.unknownError')) })}
          </p>
          <Button size="sm" variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t('list.retry')}
          </Button>
        </div>
      )}

      {list.isPending ? (
        <ListSkeleton />
      ) : containers.length === 0 ? (
        data && (
          <p className="glass rounded-xl p-6 text-center text-sm text-muted-foreground">
            {status ? t(`list.noneWithStatus.${status}`) : t('list.noneOnPage')}
          </p>
        )
      ) : (
        <ul aria-label={t('list.label')} className={cn('grid gap-3', list.isPlaceholderData && 'opacity-70')}>
          {containers.map((container) => (
            <ContainerRow
              key={container.id}
              container={container}
              templateName={templateName(container.template_id)}
              now={list.dataUpdatedAt}
              onViewMetrics={onViewMetrics}
              onDeleted={() => {
                if (onLastItemOfPage) setPage((p) => Math.max(1, p - 1));
                headingRef.current?.focus();
              }}
            />
          ))}
        </ul>
      )}

      {data && data.total > 0 && (
        <nav aria-label={t('list.pagination')} className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('list.page', { page: Math.min(page, pages), pages })}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              {t('list.previous')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages || list.isPlaceholderData}
              onClick={() => setPage((p) => p + 1)}
            >
              {t('list.next')}
            </Button>
          </div>
        </nav>
      )}
    </section>
  );
}

function ContainerRow({
  container,
  templateName,
  now,
  onViewMetrics,
  onDeleted,
}: {
  container: Container;
  templateName: string;
  now: number;
  onViewMetrics: ((id: string) => void) | undefined;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('containers');
  const f = useFormat();
  const inFlight = useActionInFlight(container.id);
  const transitioning = container.status === 'starting' || container.status === 'stopping';
  const busy = inFlight || transitioning;
  const nameId = `container-${container.id}-name`;
  const sshCommand = sshCommandOf(container);
  const metrics = [
    ['cpu', container.metrics.cpu_usage],
    ['memory', container.metrics.memory_usage],
    ['disk', container.metrics.disk_usage],
  ] as const;

  return (
    <li aria-labelledby={nameId} aria-busy={busy || undefined}>
      {/* Name and SSH command, then the details; the menu sits top right. The details wrap as
          whole items (never cut off): an address or a template always shows in full. */}
      <Card className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-3 p-4">
        <div className="grid min-w-0 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h4 id={nameId} className="min-w-0 truncate font-semibold">
              {onViewMetrics ? (
                // The name opens the container's details (its metrics), as the menu's View metrics does.
                <button
                  type="button"
                  title={t('list.openDetails', { name: container.name })}
                  onClick={() => onViewMetrics(container.id)}
                  className="max-w-full truncate rounded-sm text-left underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {container.name}
                </button>
              ) : (
                container.name
              )}
            </h4>
            <ContainerStatusBadge status={container.status} reason={container.status_reason} />
            {busy && (
              <span role="status" className="inline-flex items-center text-muted-foreground">
                <Loader2Icon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                <span className="sr-only">{t('list.working', { name: container.name })}</span>
              </span>
            )}
          </div>
          {container.status === 'error' && container.status_reason && (
            <p className="text-xs text-destructive">{container.status_reason}</p>
          )}
          {sshCommand === null ? (
            <p data-field="ssh" className="text-xs text-muted-foreground italic">
              {t(missingAddressKey(container.status))}
            </p>
          ) : (
            <code data-field="ssh" className="block text-xs break-all text-muted-foreground">
              {sshCommand}
            </code>
          )}
        </div>

        <ContainerActionsMenu container={container} onDeleted={onDeleted} onViewMetrics={onViewMetrics} />

        <dl className="col-span-2 flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <Detail field="tier" label={t('list.details.tier')} value={t(`tiers.${container.tier}`)} />
          <Detail field="template" label={t('list.details.template')} value={templateName} />
          <Detail
            field="ip"
            label={t('list.details.ipAddress')}
            value={container.ip_address ?? t('list.details.none')}
            mono
          />
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t('list.details.created')}</dt>
            <dd className="whitespace-nowrap">
              <time dateTime={container.created_at} title={f.dateTime(container.created_at)}>
                {f.relative(container.created_at, now)}
              </time>
            </dd>
          </div>
          {metrics.map(([metric, value]) => (
            <div key={metric} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{t(`list.details.${metric}`)}</dt>
              <dd className={cn('font-medium whitespace-nowrap tabular-nums', metricColourClass[metricColour(value)])}>
                {formatPercent(value)}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
    </li>
  );
}

function Detail({
  field,
  label,
  value,
  mono = false,
}: {
  field: string;
  label: string;
  value: string;
  mono?: boolean;
}) {
  return (
    <div className="grid max-w-full min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd data-field={field} className={cn('break-words', mono && 'font-mono text-xs leading-5')}>
        {value}
      </dd>
    </div>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('containers');
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">{t('list.loading')}</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-28 w-full rounded-xl lg:h-20" />
      ))}
    </div>
  );
}

/** Spec 2: with no containers, 'No Containers Yet' and a create button. */
export function NoContainers({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('containers');
  const canWrite = useCan('containers:write');
  return (
    <EmptyState
      icon={BoxIcon}
      title={t('empty.title')}
      textClassName="max-w-sm"
      action={
        canWrite && (
          <Button onClick={onCreate}>
            <PlusIcon aria-hidden="true" />
            {t('empty.create')}
          </Button>
        )
      }
    >
      {t('empty.text')}
    </EmptyState>
  );
}
