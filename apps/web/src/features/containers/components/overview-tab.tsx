import { metricColour, type ContainerSummary } from '@nuvem/contracts/containers';
import { BarChart3Icon, KeyRoundIcon, ListIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useContainerSummary } from '../api/get-container-summary';
import { errorMessage } from '@/lib/notify';
import { formatPercent, metricColourClass, NoContainers } from './containers-tab';
import { SshGuideDialog } from './ssh-guide-dialog';

export interface OverviewTabProps {
  onCreate: () => void;
  onViewContainers: () => void;
  onViewMetrics: () => void;
}

interface Stat {
  label: string;
  value: string;
  tone?: string | undefined;
  hint?: string | undefined;
}

function stats(summary: ContainerSummary): Stat[] {
  // The averages cover running containers sampled in the last minutes; with none there is nothing to average.
  const sampled = summary.sampled_containers > 0;
  const average = (value: number): Pick<Stat, 'value' | 'tone' | 'hint'> =>
    sampled
      ? { value: formatPercent(value), tone: metricColourClass[metricColour(value)] }
      : { value: '—', hint: 'No running containers sampled' };
  return [
    { label: 'Total Containers', value: String(summary.total) },
    { label: 'Running', value: String(summary.running), tone: 'text-success' },
    { label: 'Stopped', value: String(summary.stopped) },
    { label: 'Avg CPU', ...average(summary.avg_cpu_usage) },
    { label: 'Avg Memory', ...average(summary.avg_memory_usage) },
    { label: 'Avg Disk', ...average(summary.avg_disk_usage) },
    { label: 'Network', value: `${summary.network_total_mb.toFixed(1)} MB`, hint: 'Received and sent' },
  ];
}

const STAT_COUNT = 7;

/** Spec 2, Overview: counts, averages and network total, and the Quick Actions. */
export function OverviewTab({ onCreate, onViewContainers, onViewMetrics }: OverviewTabProps) {
  const summary = useContainerSummary();

  if (summary.data?.total === 0) return <NoContainers onCreate={onCreate} />;

  return (
    <div className="grid gap-6">
      {summary.isError && !summary.data ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
        >
          <p>The summary could not be loaded: {errorMessage(summary.error, 'unknown error')}</p>
          <Button size="sm" variant="outline" onClick={() => void summary.refetch()} disabled={summary.isFetching}>
            Retry
          </Button>
        </div>
      ) : (
        <dl
          aria-label="Summary"
          aria-busy={summary.isPending || undefined}
          className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7"
        >
          {summary.data
            ? stats(summary.data).map((stat) => (
                <Card key={stat.label} className="grid content-start gap-1 p-4">
                  <dt className="text-xs text-muted-foreground">{stat.label}</dt>
                  <dd className={cn('text-2xl font-bold tabular-nums', stat.tone)}>{stat.value}</dd>
                  {stat.hint && <dd className="text-xs text-muted-foreground">{stat.hint}</dd>}
                </Card>
              ))
            : Array.from({ length: STAT_COUNT }, (_, i) => (
                <Card key={i} className="grid content-start gap-2 p-4">
                  <Skeleton className="h-3 w-20" />
                  <Skeleton className="h-8 w-14" />
                </Card>
              ))}
        </dl>
      )}

      <section aria-labelledby="quick-actions-heading" className="glass grid gap-4 rounded-xl p-4 sm:p-6">
        <h3 id="quick-actions-heading" className="text-lg font-semibold">
          Quick Actions
        </h3>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Button variant="outline" className="h-auto justify-start py-3" onClick={onCreate}>
            <PlusIcon aria-hidden="true" />
            Create Container
          </Button>
          <Button variant="outline" className="h-auto justify-start py-3" onClick={onViewContainers}>
            <ListIcon aria-hidden="true" />
            View All Containers
          </Button>
          <Button variant="outline" className="h-auto justify-start py-3" onClick={onViewMetrics}>
            <BarChart3Icon aria-hidden="true" />
            View Metrics
          </Button>
          <SshGuideDialog>
            <Button variant="outline" className="h-auto justify-start py-3">
              <KeyRoundIcon aria-hidden="true" />
              SSH Access Guide
            </Button>
          </SshGuideDialog>
        </div>
      </section>
    </div>
  );
}
