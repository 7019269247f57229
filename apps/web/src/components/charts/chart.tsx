import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  ComposedChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
  type XAxisTickContentProps,
  type YAxisTickContentProps,
} from 'recharts';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { ChartTooltip, renderSeries, XTick, YTick } from './chart-parts';
import { ChartTableDetails } from './chart-table';
import { AXIS_FONT, hasValue, type ChartProps } from './chart-types';
import { useContainerWidth, useNoLayerTabStops, useReducedMotion } from './use-chart-layout';

export type { ChartProps, ChartRow, ChartSeries, ChartTable, ChartXAxis, ChartYAxis } from './chart-types';
export { useReducedMotion } from './use-chart-layout';

/** The width drawn at before the container is measured, and where there is no layout (jsdom). */
export const CHART_FALLBACK_WIDTH = 640;
const DEFAULT_HEIGHT = 220;

/**
 * The web app's one chart: series over time (areas or lines) or stacked bars per category, drawn
 * with Recharts, with the text alternatives every chart needs: a figure with a visible title, a
 * summary sentence as the accessible name of the drawing, the numbers as a table behind 'Show as
 * table', and empty, loading and busy states. The caller writes the sentence and the table's
 * cells (it knows the units and what matters); the chart draws and lays out.
 */
export function Chart({
  title,
  summary,
  kind,
  series,
  data,
  x,
  y,
  formatValue,
  formatTooltipLabel,
  threshold,
  table,
  emptyMessage,
  loading = false,
  busy = false,
  height = DEFAULT_HEIGHT,
  className,
}: ChartProps) {
  const { t } = useTranslation('charts');
  const titleId = useId();
  const reducedMotion = useReducedMotion();
  const [measureRef, width] = useContainerWidth(CHART_FALLBACK_WIDTH);
  const [plotNode, setPlotNode] = useState<HTMLDivElement | null>(null);
  const plotRef = useCallback(
    (node: HTMLDivElement | null) => {
      measureRef(node);
      setPlotNode(node);
    },
    [measureRef],
  );
  useNoLayerTabStops(plotNode);
  const hasData = data.some((row) => series.some((s) => hasValue(row, s.key)));
  const formatX = (value: number | string) => (x.kind === 'time' ? x.format(Number(value)) : x.format(String(value)));

  let plot: ReactNode;
  if (loading) {
    plot = (
      <div role="status" aria-label={t('chart.loading')}>
        <Skeleton style={{ height }} className="w-full" />
      </div>
    );
  } else {
    plot = (
      <div
        ref={plotRef}
        role="img"
        aria-label={summary}
        aria-busy={busy || undefined}
        style={{ height }}
        className={cn('relative w-full min-w-0 transition-opacity motion-reduce:transition-none', busy && 'opacity-60')}
      >
        {hasData ? (
          <ComposedChart
            width={width}
            height={height}
            data={[...data]}
            margin={{ top: 14, right: 12, bottom: 0, left: 0 }}
            accessibilityLayer={false}
            barCategoryGap="30%"
          >
            <CartesianGrid vertical={false} stroke="var(--color-glass-border)" strokeDasharray="2 4" />
            {x.kind === 'time' ? (
              <XAxis
                dataKey="x"
                type="number"
                scale="time"
                domain={[...x.domain]}
                ticks={[...x.ticks]}
                interval="preserveStartEnd"
                allowDataOverflow
                axisLine={{ stroke: 'var(--color-glass-border)' }}
                tickLine={false}
                height={26}
                tick={(props: XAxisTickContentProps) => (
                  <XTick {...props} text={x.format(Number(props.payload.value))} />
                )}
              />
            ) : (
              <XAxis
                dataKey="x"
                type="category"
                ticks={x.ticks ? [...x.ticks] : undefined}
                interval={x.ticks ? 0 : 'preserveStartEnd'}
                axisLine={{ stroke: 'var(--color-glass-border)' }}
                tickLine={false}
                height={26}
                tick={(props: XAxisTickContentProps) => (
                  <XTick {...props} text={x.format(String(props.payload.value))} centred />
                )}
              />
            )}
            <YAxis
              type="number"
              domain={[...y.domain]}
              ticks={[...y.ticks]}
              interval={0}
              allowDataOverflow
              axisLine={false}
              tickLine={false}
              width={44}
              tick={(props: YAxisTickContentProps) => <YTick {...props} text={y.format(Number(props.payload.value))} />}
            />
            <Tooltip
              isAnimationActive={false}
              cursor={
                kind === 'bar'
                  ? { fill: 'var(--color-glass)' }
                  : { stroke: 'var(--color-glass-border)', strokeWidth: 1 }
              }
              content={(props: TooltipContentProps) => (
                <ChartTooltip
                  {...props}
                  series={series}
                  formatValue={formatValue}
                  formatLabel={formatTooltipLabel ?? formatX}
                />
              )}
            />
            {series.map((s) => renderSeries(s, kind, data, !reducedMotion))}
            {threshold && (
              <ReferenceLine
                y={threshold.value}
                stroke="var(--color-destructive)"
                strokeWidth={1.5}
                strokeDasharray="6 4"
                ifOverflow="extendDomain"
                label={(props: { viewBox?: { x?: number; y?: number; width?: number } }) => (
                  <text
                    data-testid="threshold"
                    x={(props.viewBox?.x ?? 0) + (props.viewBox?.width ?? 0)}
                    y={(props.viewBox?.y ?? 0) - 4}
                    textAnchor="end"
                    fill="var(--color-destructive)"
                    fontSize={AXIS_FONT}
                  >
                    {threshold.label}
                  </text>
                )}
              />
            )}
          </ComposedChart>
        ) : (
          <div className="flex h-full items-center justify-center rounded-md border border-dashed border-glass-border px-4 text-center text-sm text-muted-foreground">
            {emptyMessage}
          </div>
        )}
      </div>
    );
  }

  return (
    <figure aria-labelledby={titleId} className={cn('flex min-w-0 flex-col gap-2', className)}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span id={titleId} className="font-medium">
          {title}
        </span>
        {hasData && !loading && (
          <span className="flex flex-wrap gap-3 text-xs text-muted-foreground" aria-hidden="true">
            {series.map((s) => (
              <span key={s.key} className="inline-flex items-center gap-1">
                <span
                  className={cn('size-2 bg-current', kind === 'bar' ? 'rounded-sm' : 'rounded-full', s.className)}
                  style={s.colour ? { backgroundColor: s.colour } : undefined}
                />
                {s.label}
                {s.legendValue && <span className="text-foreground tabular-nums">{s.legendValue}</span>}
              </span>
            ))}
          </span>
        )}
      </figcaption>
      {plot}
      {table && hasData && !loading && <ChartTableDetails table={table} series={series} />}
    </figure>
  );
}
