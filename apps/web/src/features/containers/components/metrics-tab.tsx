import { metricRanges, type MetricRange } from '@nuvem/contracts/containers';
import { TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useContainers } from '../api/get-containers';
import { alertBannerText, rangeLabel } from '../lib/metrics-format';
import { ContainerMetrics } from './container-metrics';
import { FleetMetrics } from './fleet-metrics';
import { useLoggedFailure } from './use-logged-failure';

const ALL = '__all__';
/** The selector lists at most this many containers (the API's largest page). */
const LIST_SIZE = 100;

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
        <FleetMetrics
          containers={containers}
          total={list.data?.total ?? 0}
          loading={list.isPending}
          failed={!list.data && list.isError}
          onSelect={setChosen}
        />
      ) : (
        // Keyed: the placeholder data of one container's queries must never show under another.
        <ContainerMetrics key={container.id} container={container} range={range} />
      )}
    </section>
  );
}

function asRange(value: string): MetricRange {
  return metricRanges.find((r) => r === value) ?? '1h';
}
