import { metricColour, type ContainerSummary } from '@nuvem/contracts/containers';
import type { TFunction } from 'i18next';
import { BarChart3Icon, KeyRoundIcon, ListIcon, PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/api-client';
import { useFormat, type Format } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useContainerSummary } from '../api/get-container-summary';
import { formatPercent } from '../lib/metrics-format';
import { metricColourClass, NoContainers } from './containers-tab';
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

function stats(summary: ContainerSummary, t: TFunction<'containers'>, f: Format): Stat[] {
  // The averages cover running containers sampled in the last minutes; with none there is nothing to average.
  const sampled = summary.sampled_containers > 0;
  const average = (value: number): Pick<Stat, 'value' | 'tone' | 'hint'> =>
    sampled
      ? { value: formatPercent(value), tone: metricColourClass[metricColour(value)] }
      : { value: '—', hint: t('overview.noSamples') };
  return [
    { label: t('overview.total'), value: f.count(summary.total) },
    { label: t('overview.running'), value: f.count(summary.running), tone: 'text-success' },
    { label: t('overview.stopped'), value: f.count(summary.stopped) },
    { label: t('overview.avgCpu'), ...average(summary.avg_cpu_usage) },
    { label: t('overview.avgMemory'), ...average(summary.avg_memory_usage) },
    { label: t('overview.avgDisk'), ...average(summary.avg_disk_usage) },
    {
      label: t('overview.network'),
      value: t('overview.networkValue', { value: f.fixed(summary.network_total_mb, 1) }),
      hint: t('overview.networkHint'),
    },
  ];
}

const STAT_COUNT = 7;

/** Spec 2, Overview: counts, averages and network total, and the Quick Actions. */
export function OverviewTab({ onCreate, onViewContainers, onViewMetrics }: OverviewTabProps) {
  const { t } = useTranslation('containers');
  const canWrite = useCan('containers:write');
  const f = useFormat();
  const summary = useContainerSummary();

  if (summary.data?.total === 0) return <NoContainers onCreate={onCreate} />;

  return (
    <div className="grid gap-6">
      {summary.isError && !summary.data ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
        >
          <p>{t('overview.loadFailed', { reason: errorMessage(summary.error, t('list.unknownError')) })}</p>
          <Button size="sm" variant="outline" onClick={() => void summary.refetch()} disabled={summary.isFetching}>
            {t('list.retry')}
          </Button>
        </div>
      ) : (
        <dl
          aria-label={t('overview.summary')}
          aria-busy={summary.isPending || undefined}
          className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7"
        >
          {summary.data
            ? stats(summary.data, t, f).map((stat) => (
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
          {t('overview.quickActions')}
        </h3>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {canWrite && (
            <Button variant="outline" className="h-auto justify-start py-3" onClick={onCreate}>
              <PlusIcon aria-hidden="true" />
              {t('overview.create')}
            </Button>
          )}
          <Button variant="outline" className="h-auto justify-start py-3" onClick={onViewContainers}>
            <ListIcon aria-hidden="true" />
            {t('overview.viewAll')}
          </Button>
          <Button variant="outline" className="h-auto justify-start py-3" onClick={onViewMetrics}>
            <BarChart3Icon aria-hidden="true" />
            {t('overview.viewMetrics')}
          </Button>
          <SshGuideDialog>
            <Button variant="outline" className="h-auto justify-start py-3">
              <KeyRoundIcon aria-hidden="true" />
              {t('overview.sshGuide')}
            </Button>
          </SshGuideDialog>
        </div>
      </section>
    </div>
  );
}
