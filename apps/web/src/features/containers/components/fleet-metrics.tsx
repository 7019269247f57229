import { metricColour, type Container } from '@nuvem/contracts/containers';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CpuIcon,
  HardDriveIcon,
  MemoryStickIcon,
  NetworkIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import {
  colourText,
  formatCount,
  formatPercent,
  formatTraffic,
  isAboveThreshold,
  summariseContainers,
  type ThresholdMetric,
} from '../lib/metrics-format';
import { ContainerStatusBadge } from './container-status-badge';
import { MetricsCardSkeleton, MetricsStatCard } from './metrics-cards';

export interface FleetMetricsProps {
  containers: readonly Container[];
  total: number;
  loading: boolean;
  failed: boolean;
  onSelect: (id: string) => void;
}

/** The Metrics tab's overview: averages over the running containers, and every container's figures in a table. */
export function FleetMetrics({ containers, total, loading, failed, onSelect }: FleetMetricsProps) {
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
