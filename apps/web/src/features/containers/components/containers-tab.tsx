import {
  CONTAINER_PAGE_SIZE,
  containerStatuses,
  containerTemplates,
  metricColour,
  type Container,
  type ContainerStatus,
} from '@nuvem/contracts/containers';
import { useMutationState } from '@tanstack/react-query';
import { AlertTriangleIcon, BoxIcon, Loader2Icon, PlusIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useContainerTemplates } from '../api/get-container-catalogue';
import { useContainers } from '../api/get-containers';
import { errorMessage, notify } from '@/lib/notify';
import { ContainerActionsMenu, tierTitle } from './container-actions-menu';
import { ContainerStatusBadge } from './container-status-badge';

export const metricColourClass = {
  green: 'text-success',
  yellow: 'text-warning',
  red: 'text-destructive',
} as const;

export function formatPercent(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}

const ALL = 'all';
const statusLabels: Record<ContainerStatus, string> = {
  running: 'Running',
  stopped: 'Stopped',
  starting: 'Starting',
  stopping: 'Stopping',
  error: 'Error',
};

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absoluteFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** '3 days ago', 'yesterday', 'just now': how long before `now` the date was. */
export function formatRelative(iso: string, now: number): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

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
      notify.error('Failed to load containers');
    } else if (!list.isError) {
      notified.current = false;
    }
  }, [list.isError]);

  const templateName = (id: string) =>
    (templates.data ?? containerTemplates).find((t) => t.id === id)?.name ?? (id || 'Ubuntu 24.04');

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
          Your containers
          {data && <span className="ml-2 text-sm font-normal text-muted-foreground">({data.total})</span>}
        </h3>
        <Select
          value={status ?? ALL}
          onValueChange={(value) => {
            setStatus(containerStatuses.find((s) => s === value));
            setPage(1);
          }}
        >
          <SelectTrigger aria-label="Filter by status" className="w-full sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {containerStatuses.map((s) => (
              <SelectItem key={s} value={s}>
                {statusLabels[s]}
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
            The containers could not be loaded: {errorMessage(list.error, 'unknown error')}
          </p>
          <Button size="sm" variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            Retry
          </Button>
        </div>
      )}

      {list.isPending ? (
        <ListSkeleton />
      ) : containers.length === 0 ? (
        data && (
          <p className="glass rounded-xl p-6 text-center text-sm text-muted-foreground">
            {status ? `No ${status} containers.` : 'No containers on this page.'}
          </p>
        )
      ) : (
        <ul aria-label="Containers" className={cn('grid gap-3', list.isPlaceholderData && 'opacity-70')}>
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
        <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Page {Math.min(page, pages)} of {pages}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages || list.isPlaceholderData}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
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
  const inFlight = useActionInFlight(container.id);
  const transitioning = container.status === 'starting' || container.status === 'stopping';
  const busy = inFlight || transitioning;
  const nameId = `container-${container.id}-name`;
  const metrics = [
    ['CPU', container.metrics.cpu_usage],
    ['Memory', container.metrics.memory_usage],
    ['Disk', container.metrics.disk_usage],
  ] as const;

  return (
    <li aria-labelledby={nameId} aria-busy={busy || undefined}>
      <Card className="grid grid-cols-[minmax(0,1fr)_auto] gap-3 p-4 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,2fr)_auto] lg:items-center lg:gap-6">
        <div className="grid min-w-0 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h4 id={nameId} className="truncate font-semibold">
              {container.name}
            </h4>
            <ContainerStatusBadge status={container.status} reason={container.status_reason} />
            {busy && (
              <span role="status" className="inline-flex items-center text-muted-foreground">
                <Loader2Icon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                <span className="sr-only">Working on {container.name}</span>
              </span>
            )}
          </div>
          {container.status === 'error' && container.status_reason && (
            <p className="text-xs text-destructive">{container.status_reason}</p>
          )}
          <code className="block truncate text-xs text-muted-foreground" title={container.ssh_command}>
            {container.ssh_command}
          </code>
        </div>

        {/* Beside the name on a phone, at the end of the row on a wide screen. */}
        <div className="self-start lg:order-last lg:self-center">
          <ContainerActionsMenu container={container} onDeleted={onDeleted} onViewMetrics={onViewMetrics} />
        </div>

        <dl className="col-span-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4 lg:col-span-1 xl:grid-cols-7">
          <Detail label="Tier" value={tierTitle(container.tier)} />
          <Detail label="Template" value={templateName} />
          <Detail label="IP address" value={container.ip_address ?? '—'} mono />
          <div className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">Created</dt>
            <dd className="truncate">
              <time dateTime={container.created_at} title={absoluteFormat.format(new Date(container.created_at))}>
                {formatRelative(container.created_at, now)}
              </time>
            </dd>
          </div>
          {metrics.map(([label, value]) => (
            <div key={label} className="grid min-w-0 gap-0.5">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className={cn('font-medium tabular-nums', metricColourClass[metricColour(value)])}>
                {formatPercent(value)}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
    </li>
  );
}

function Detail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('truncate', mono && 'font-mono text-xs leading-5')} title={value}>
        {value}
      </dd>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Loading containers</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-28 w-full rounded-xl lg:h-20" />
      ))}
    </div>
  );
}

/** Spec 2: with no containers, 'No Containers Yet' and a create button. */
export function NoContainers({ onCreate }: { onCreate: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-glass-strong">
        <BoxIcon aria-hidden="true" className="size-6 text-primary" />
      </span>
      <h3 className="text-lg font-semibold">No Containers Yet</h3>
      <p className="max-w-sm text-sm text-muted-foreground">
        Create your first container to get a server with SSH access in about a minute.
      </p>
      <Button onClick={onCreate}>
        <PlusIcon aria-hidden="true" />
        Create Container
      </Button>
    </Card>
  );
}
