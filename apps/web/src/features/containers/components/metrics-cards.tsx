import { metricColour } from '@nuvem/contracts/containers';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { colourBar, colourText, formatPercent } from '../lib/metrics-format';

/** A bar of a percentage, coloured as the spec's metric colour. */
export function MetricsBar({ label, percent }: { label: string; percent: number }) {
  const clamped = Math.min(100, Math.max(0, percent));
  const colour = metricColour(percent);
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={formatPercent(percent)}
      data-colour={colour}
      className="h-2 w-full overflow-hidden rounded-full bg-glass-strong"
    >
      <div
        className={cn('h-full rounded-full transition-[width]', colourBar[colour])}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}

export interface MetricsStatCardProps {
  title: string;
  icon: ReactNode;
  /** The figure; null shows a dash (nothing to show, e.g. no running container). */
  value: string | null;
  /** Colours the figure and draws a bar when given. */
  percent?: number | null | undefined;
  description?: ReactNode;
  /** Bold figure with a warning when above the alert threshold. */
  alert?: boolean;
}

/** One figure of the Metrics tab: a title, the value, an optional bar and a line of context. */
export function MetricsStatCard({ title, icon, value, percent, description, alert = false }: MetricsStatCardProps) {
  const { t } = useTranslation('containers');
  const hasPercent = percent !== null && percent !== undefined;
  return (
    <Card className="flex flex-col gap-3 p-4" role="group" aria-label={title}>
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <h4 className="font-medium">{title}</h4>
        <span aria-hidden="true" className="[&_svg]:size-4">
          {icon}
        </span>
      </div>
      <p
        className={cn(
          'text-2xl font-semibold tabular-nums',
          hasPercent && colourText[metricColour(percent)],
          alert && 'font-extrabold',
        )}
      >
        {value ?? '—'}
        {alert && <span className="sr-only"> {t('metrics.aboveThreshold')}</span>}
      </p>
      {hasPercent && <MetricsBar label={title} percent={percent} />}
      {description && <p className="text-xs text-muted-foreground">{description}</p>}
    </Card>
  );
}

export function MetricsCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-7 w-20" />
      <Skeleton className="h-2 w-full" />
    </Card>
  );
}
