import {
  alertThresholds,
  metricColour,
  metricRanges,
  type Container,
  type MetricRange,
} from '@nuvem/contracts/containers';
import {
  ActivityIcon,
  ArrowDownIcon,
  ArrowUpIcon,
  CpuIcon,
  HardDriveIcon,
  MemoryStickIcon,
  NetworkIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useContainerMetrics } from '../api/get-container-metrics';
import { useContainers } from '../api/get-containers';
import { useMetricsHistory } from '../api/get-metrics-history';
import {
  alertBannerText,
  colourText,
  formatCount,
  formatGbOf,
  formatMbOf,
  formatPercent,
  formatTraffic,
  isAboveThreshold,
  rangeLabel,
  summariseContainers,
  type ThresholdMetric,
} from '../lib/metrics-format';
import { ContainerStatusBadge } from './container-status-badge';
import { MetricChart } from './metric-chart';
import { MetricsCardSkeleton, MetricsStatCard } from './metrics-cards';

const ALL = '__all__';
/** The selector lists at most this many containers (the API's largest page). */
const LIST_SIZE = 100;

/** Spec 8: a metrics failure is only logged; the tab keeps showing what it has. */
function useLoggedFailure(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.warn(`${what} could not be loaded`, error);
  }, [error, what]);
}

/** The dashboard's Metrics tab: all containers at a glance, or one container with its history. */
export function MetricsTab({ initialContainerId }: { initialContainerId?: string }) {
  const { t } = useTranslation('containers');
  const [chosen, setChosen] = useState<string>(initialContainerId ?? ALL);
  const [range, setRange] = useState<MetricRange>('1h');
  const list = useContainers({ perPage: LIST_SIZE });
  useLoggedFailure(list.error, 'The container list for metrics');

  const containers = list.data?.containers ?? [];
  // A container that is gone (deleted, or an unknown id given) falls back to the overview.
  const selected = chosen !== ALL && list.data && !containers.some((c) => c.id === chosen) ? ALL : chosen;
  const container = containers.find((c) => c.id === selected);

  const containerId = useId();
  const rangeId = useId();

  return (
    <section aria-label={t('metrics.region')} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="flex min-w-48 flex-col gap-1.5 sm:w-64">
          <Label htmlFor={containerId}>{t('metrics.container')}</Label>
          <Select value={selected} onValueChange={setChosen}>
            <SelectTrigger id={containerId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('metrics.allContainers')}</SelectItem>
              {containers.map((c) => (
                <SelectItem key={c.id} value={c.id}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex min-w-40 flex-col gap-1.5 sm:w-48">
          <Label htmlFor={rangeId}>{t('metrics.timeRange')}</Label>
          <Select value={range} onValueChange={(value) => setRange(asRange(value))}>
            <SelectTrigger id={rangeId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {metricRanges.map((r) => (
                <SelectItem key={r} value={r}>
                  {rangeLabel(r)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Badge variant="success" className="self-start sm:ml-auto sm:self-end" title={t('metrics.realtimeTitle')}>
          <span aria-hidden="true" className="relative flex size-2">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-current opacity-75 motion-reduce:animate-none" />
            <span className="relative inline-flex size-2 rounded-full bg-current" />
          </span>
          {t('metrics.realtime')}
        </Badge>
      </div>

      <div role="note" className="glass flex items-start gap-2 rounded-lg border-warning/40 px-4 py-3 text-sm">
        <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <p>{alertBannerText()}</p>
      </div>

      {selected === ALL || !container ? (
        <AllContainersMetrics
          containers={containers}
          total={list.data?.total ?? 0}
          loading={list.isPending}
          failed={!list.data && list.isError}
          onSelect={setChosen}
        />
      ) : (
        // Keyed: the placeholder data of one container's queries must never show under another.
        <SingleContainerMetrics key={container.id} container={container} range={range} />
      )}
    </section>
  );
}

function asRange(value: string): MetricRange {
  return metricRanges.find((r) => r === value) ?? '1h';
}

function AllContainersMetrics({
  containers,
  total,
  loading,
  failed,
  onSelect,
}: {
  containers: readonly Container[];
  total: number;
  loading: boolean;
  failed: boolean;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('containers');
  if (loading) {
    return (
      <div role="status" aria-label={t('metrics.loading')} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <MetricsCardSkeleton key={i} />
          ))}
        </div>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (failed) return <p className="py-8 text-center text-sm text-muted-foreground">{t('metrics.unavailable')}</p>;
  if (containers.length === 0) {
    return <p className="py-8 text-center text-muted-foreground">{t('metrics.noContainers')}</p>;
  }

  const summary = summariseContainers(containers);
  const across = summary.running === 0 ? t('metrics.noRunning') : t('metrics.across', { count: summary.running });
  const averages = [
    { title: t('metrics.averageCpu'), icon: <CpuIcon />, value: summary.avgCpu },
    { title: t('metrics.averageMemory'), icon: <MemoryStickIcon />, value: summary.avgMemory },
    { title: t('metrics.averageDisk'), icon: <HardDriveIcon />, value: summary.avgDisk },
  ];

  return (
    <div className="flex flex-col gap-4">
      <h3 className="sr-only">{t('metrics.allContainers')}</h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {averages.map((card) => (
          <MetricsStatCard
            key={card.title}
            title={card.title}
            icon={card.icon}
            value={card.value === null ? null : formatPercent(card.value)}
            percent={card.value}
            description={across}
          />
        ))}
        <MetricsStatCard
          title={t('metrics.totalNetwork')}
          icon={<NetworkIcon />}
          value={formatTraffic(summary.networkTotalMb)}
          description={t('metrics.totalNetworkHint')}
        />
      </div>

      <Card className="overflow-hidden">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[720px] text-sm">
            <caption className="sr-only">{t('metrics.tableCaption')}</caption>
            <thead className="border-b border-glass-border text-left text-xs text-muted-foreground uppercase">
              <tr>
                {(['container', 'status', 'cpu', 'memory', 'disk', 'network', 'processes'] as const).map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-medium">
                    {t(`metrics.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {containers.map((c) => (
                <tr key={c.id} className="border-b border-glass-border last:border-0">
                  <th scope="row" className="px-4 py-3 text-left font-medium">
                    <button
                      type="button"
                      className="cursor-pointer underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                      onClick={() => onSelect(c.id)}
                    >
                      {c.name}
                    </button>
                  </th>
                  <td className="px-4 py-3">
                    <ContainerStatusBadge status={c.status} reason={c.status_reason} />
                  </td>
                  <PercentCell metric="cpu" value={c.metrics.cpu_usage} />
                  <PercentCell metric="memory" value={c.metrics.memory_usage} />
                  <PercentCell metric="disk" value={c.metrics.disk_usage} />
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                    <ArrowDownIcon aria-hidden="true" className="inline size-3.5 text-muted-foreground" />
                    {formatTraffic(c.metrics.network_rx_mb)}
                    <span className="sr-only"> {t('metrics.received')}</span>{' '}
                    <ArrowUpIcon aria-hidden="true" className="inline size-3.5 text-muted-foreground" />
                    {formatTraffic(c.metrics.network_tx_mb)}
                    <span className="sr-only"> {t('metrics.sent')}</span>
                  </td>
                  <td className="px-4 py-3 tabular-nums">{formatCount(c.metrics.processes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      {total > containers.length && (
        <p className="text-xs text-muted-foreground">
          {t('metrics.showingFirst', { shown: containers.length, total })}
        </p>
      )}
    </div>
  );
}

function PercentCell({ metric, value }: { metric: ThresholdMetric; value: number }) {
  const { t } = useTranslation('containers');
  const colour = metricColour(value);
  const above = isAboveThreshold(metric, value);
  return (
    <td className="px-4 py-3 whitespace-nowrap tabular-nums">
      <span
        data-colour={colour}
        data-alert={above || undefined}
        className={cn('inline-flex items-center gap-1', colourText[colour], above && 'font-bold')}
      >
        {above && <TriangleAlertIcon aria-hidden="true" className="size-3.5" />}
        {formatPercent(value)}
        {above && <span className="sr-only"> {t('metrics.aboveThreshold')}</span>}
      </span>
    </td>
  );
}

function SingleContainerMetrics({ container, range }: { container: Container; range: MetricRange }) {
  const { t } = useTranslation('containers');
  const metrics = useContainerMetrics(container.id);
  const history = useMetricsHistory(container.id, range);
  useLoggedFailure(metrics.error, `The metrics of ${container.id}`);
  useLoggedFailure(history.error, `The metrics history of ${container.id}`);

  const m = metrics.data;
  const points = history.data ?? [];
  const series = (pick: (p: (typeof points)[number]) => number) => points.map((p) => ({ at: p.at, value: pick(p) }));
  const busy = history.isPlaceholderData;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold">{container.name}</h3>
        <ContainerStatusBadge status={container.status} reason={container.status_reason} />
      </div>

      {metrics.isPending ? (
        <div role="status" aria-label={t('metrics.loading')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <MetricsCardSkeleton key={i} />
          ))}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <MetricsStatCard
            title={t('metrics.cpuUsage')}
            icon={<CpuIcon />}
            value={m ? formatPercent(m.cpu_usage) : null}
            percent={m?.cpu_usage}
            alert={m ? isAboveThreshold('cpu', m.cpu_usage) : false}
            description={t('metrics.alertAbove', { threshold: alertThresholds.cpu })}
          />
          <MetricsStatCard
            title={t('metrics.memory')}
            icon={<MemoryStickIcon />}
            value={m ? formatMbOf(m.memory_used_mb, m.memory_total_mb) : null}
            percent={m?.memory_usage}
            alert={m ? isAboveThreshold('memory', m.memory_usage) : false}
            description={m ? t('metrics.used', { percent: formatPercent(m.memory_usage) }) : undefined}
          />
          <MetricsStatCard
            title={t('metrics.disk')}
            icon={<HardDriveIcon />}
            value={m ? formatGbOf(m.disk_used_gb, m.disk_total_gb) : null}
            percent={m?.disk_usage}
            alert={m ? isAboveThreshold('disk', m.disk_usage) : false}
            description={m ? t('metrics.used', { percent: formatPercent(m.disk_usage) }) : undefined}
          />
          <MetricsStatCard
            title={t('metrics.processes')}
            icon={<ActivityIcon />}
            value={m ? formatCount(m.processes) : null}
            description={container.status === 'running' ? undefined : t('metrics.notRunning')}
          />
        </div>
      )}

      <Card className="flex flex-col gap-4 p-4">
        <h4 className="text-sm font-medium">{t('metrics.overRange', { range: rangeLabel(range).toLowerCase() })}</h4>
        {history.isPending ? (
          <div role="status" aria-label={t('metrics.loadingHistory')} className="grid gap-6 lg:grid-cols-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="aspect-[640/250] w-full" />
            ))}
          </div>
        ) : points.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">
            {history.isError ? t('metrics.historyUnavailable') : t('metrics.noSamples')}
            {!history.isError && container.status !== 'running' && (
              <span className="block pt-1">{t('metrics.notRunningNoPoints')}</span>
            )}
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2" aria-busy={busy || undefined}>
            <MetricChart
              title={t('metrics.charts.cpu')}
              unit="%"
              range={range}
              threshold={alertThresholds.cpu}
              busy={busy}
              series={[
                {
                  label: t('metrics.charts.cpuSeries'),
                  colourClass: 'text-sky-400',
                  points: series((p) => p.cpu_usage),
                },
              ]}
            />
            <MetricChart
              title={t('metrics.charts.memory')}
              unit="%"
              range={range}
              threshold={alertThresholds.memory}
              busy={busy}
              series={[
                {
                  label: t('metrics.charts.memorySeries'),
                  colourClass: 'text-violet-400',
                  points: series((p) => p.memory_usage),
                },
              ]}
            />
            <MetricChart
              title={t('metrics.charts.disk')}
              unit="%"
              range={range}
              threshold={alertThresholds.disk}
              busy={busy}
              series={[
                {
                  label: t('metrics.charts.diskSeries'),
                  colourClass: 'text-amber-400',
                  points: series((p) => p.disk_usage),
                },
              ]}
            />
            <MetricChart
              title={t('metrics.charts.network')}
              unit="MB"
              range={range}
              busy={busy}
              series={[
                {
                  label: t('metrics.charts.receivedSeries'),
                  colourClass: 'text-emerald-400',
                  points: series((p) => p.network_rx_mb),
                },
                {
                  label: t('metrics.charts.sentSeries'),
                  colourClass: 'text-sky-400',
                  points: series((p) => p.network_tx_mb),
                },
              ]}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
