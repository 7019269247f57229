import {
  alertThresholds,
  type Container,
  type MetricRange,
  type MetricsHistoryPoint,
} from '@nuvem/contracts/containers';
import { ActivityIcon, CpuIcon, HardDriveIcon, MemoryStickIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useContainerMetrics } from '../api/get-container-metrics';
import { useMetricsHistory } from '../api/get-metrics-history';
import {
  formatCount,
  formatGbOf,
  formatMbOf,
  formatPercent,
  isAboveThreshold,
  rangeLabel,
  type ThresholdMetric,
} from '../lib/metrics-format';
import { ContainerStatusBadge } from './container-status-badge';
import { MetricChart } from './metric-chart';
import { MetricsCardSkeleton, MetricsStatCard } from './metrics-cards';
import { useLoggedFailure } from './use-logged-failure';

/** A percentage's chart: its metric (for the alert threshold), its words and colour, and its field of a point. */
interface PercentChart {
  metric: ThresholdMetric;
  title: string;
  label: string;
  colourClass: string;
  pick: (point: MetricsHistoryPoint) => number;
}

/** One container on the Metrics tab: its figures now, and its history over the range as charts. */
export function ContainerMetrics({ container, range }: { container: Container; range: MetricRange }) {
  const { t } = useTranslation('containers');
  const metrics = useContainerMetrics(container.id);
  const history = useMetricsHistory(container.id, range);
  useLoggedFailure(metrics.error, `The metrics of ${container.id}`);
  useLoggedFailure(history.error, `The metrics history of ${container.id}`);

  const m = metrics.data;
  const points = history.data ?? [];
  const series = (pick: (p: MetricsHistoryPoint) => number) => points.map((p) => ({ at: p.at, value: pick(p) }));
  const busy = history.isPlaceholderData;
  // The three percentages, each against its alert threshold (network, in MB, has none).
  const percentCharts: readonly PercentChart[] = [
    {
      metric: 'cpu',
      title: t('metrics.charts.cpu'),
      label: t('metrics.charts.cpuSeries'),
      colourClass: 'text-sky-400',
      pick: (p: MetricsHistoryPoint) => p.cpu_usage,
    },
    {
      metric: 'memory',
      title: t('metrics.charts.memory'),
      label: t('metrics.charts.memorySeries'),
      colourClass: 'text-violet-400',
      pick: (p: MetricsHistoryPoint) => p.memory_usage,
    },
    {
      metric: 'disk',
      title: t('metrics.charts.disk'),
      label: t('metrics.charts.diskSeries'),
      colourClass: 'text-amber-400',
      pick: (p: MetricsHistoryPoint) => p.disk_usage,
    },
  ];

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
            {percentCharts.map((chart) => (
              <MetricChart
                key={chart.metric}
                title={chart.title}
                unit="%"
                range={range}
                threshold={alertThresholds[chart.metric]}
                busy={busy}
                series={[{ label: chart.label, colourClass: chart.colourClass, points: series(chart.pick) }]}
              />
            ))}
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
