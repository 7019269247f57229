import { useId, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type DotItemDotProps,
  type TooltipContentProps,
  type XAxisTickContentProps,
  type YAxisTickContentProps,
} from 'recharts';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * The web app's one chart: series over time (areas or lines) or stacked bars per category, drawn
 * with Recharts, with the text alternatives every chart needs: a figure with a visible title, a
 * summary sentence as the accessible name of the drawing, the numbers as a table behind 'Show as
 * table', and empty, loading and busy states. The caller writes the sentence and the table's
 * cells (it knows the units and what matters); the chart draws and lays out.
 */

export interface ChartSeries {
  /** The row field this series reads. */
  key: string;
  label: string;
  /** A CSS colour, best a theme variable ('var(--color-success)'); currentColor when not given. */
  colour?: string;
  /** A class that sets `color` (a Tailwind 'text-…' class): the series is drawn in that colour. */
  className?: string;
  /** Shown beside the label in the legend (e.g. the latest value). */
  legendValue?: string;
  /** Bars only: marks this series' bar in every category (one element per category, zero included). */
  testId?: string;
}

/** One point of the x axis: `x` and a value (or null: no sample, the line breaks) per series key. */
export type ChartRow = { x: number | string } & Record<string, number | string | null>;

export type ChartXAxis =
  | {
      /** A time axis: `x` is epoch milliseconds. */
      kind: 'time';
      domain: readonly [number, number];
      ticks: readonly number[];
      format: (value: number) => string;
    }
  | {
      /** One slot per row: `x` is the category's id (e.g. a 'YYYY-MM-DD' day). */
      kind: 'category';
      /** The categories that get a label (all when not given). */
      ticks?: readonly string[];
      format: (value: string) => string;
    };

export interface ChartYAxis {
  domain: readonly [number, number];
  ticks: readonly number[];
  format: (value: number) => string;
}

export interface ChartTable {
  /** The table's caption (for screen readers: the title and period). */
  caption: string;
  /** The toggle's text; 'Show as table' when not given. */
  toggle?: string;
  /** The first column's header (e.g. 'Day', 'Time'); the other headers are the series labels. */
  rowHeader: string;
  rows: readonly { key: string; header: string; cells: readonly string[] }[];
  /**
   * Render the rows only once the table is opened: for long tables of often refreshed charts
   * (a closed table is not read by assistive technology anyway).
   */
  lazy?: boolean;
}

export interface ChartProps {
  /** The visible title. */
  title: string;
  /** The sentence a screen reader hears instead of the drawing (its accessible name). */
  summary: string;
  /** 'area' fills under each line; 'bar' stacks the series in each category. */
  kind: 'area' | 'line' | 'bar';
  series: readonly ChartSeries[];
  data: readonly ChartRow[];
  x: ChartXAxis;
  y: ChartYAxis;
  /** How a value reads in the tooltip (with its unit). */
  formatValue: (value: number) => string;
  /** How a row's x reads at the top of the tooltip; the x axis' format when not given. */
  formatTooltipLabel?: (x: number | string) => string;
  /** A dashed alert line across the plot, labelled. */
  threshold?: { value: number; label: string } | undefined;
  /** The numbers behind the drawing, one row per x. */
  table?: ChartTable | undefined;
  /** Shown in the frame when no series has a value. */
  emptyMessage: string;
  /** Nothing to show yet: a placeholder of the chart's size. */
  loading?: boolean;
  /** Older numbers are shown (dimmed) while newer ones are on their way. */
  busy?: boolean;
  /** The plot's height in pixels; its width follows the container. */
  height?: number;
  className?: string;
}

/** The width drawn at before the container is measured, and where there is no layout (jsdom). */
export const CHART_FALLBACK_WIDTH = 640;
const DEFAULT_HEIGHT = 220;
const AXIS_FONT = 11;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the visitor asks for less motion, or the browser cannot tell (no animation then). */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(reducedMotionQuery).matches;
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToMotion, prefersReducedMotion, () => true);
}

/**
 * The element's width, followed as it resizes. Before the first measurement, and wherever it
 * measures 0 (no layout, as in jsdom), the fallback: Recharts draws nothing at zero width.
 */
function useContainerWidth(fallback: number) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    if (!node) return undefined;
    const measure = (measured: number) => {
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure(node.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return [setNode, width] as const;
}

function hasValue(row: ChartRow | undefined, key: string): boolean {
  return typeof row?.[key] === 'number' && Number.isFinite(row[key]);
}

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
        ref={measureRef}
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

function ChartTableDetails({ table, series }: { table: ChartTable; series: readonly ChartSeries[] }) {
  const { t } = useTranslation('charts');
  const [open, setOpen] = useState(false);
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-muted-foreground">{table.toggle ?? t('chart.showTable')}</summary>
      {(open || !table.lazy) && (
        <div className="max-h-80 overflow-auto">
          <table className="mt-2 w-full text-left text-xs tabular-nums">
            <caption className="sr-only">{table.caption}</caption>
            <thead>
              <tr className="text-muted-foreground">
                <th scope="col" className="py-1 font-medium">
                  {table.rowHeader}
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="py-1 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key} className="border-t border-glass-border">
                  <th scope="row" className="py-1 font-normal">
                    {row.header}
                  </th>
                  {row.cells.map((cell, i) => (
                    <td key={series[i]?.key ?? i} className="py-1 text-right">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}

function renderSeries(s: ChartSeries, kind: ChartProps['kind'], data: readonly ChartRow[], animate: boolean) {
  const colour = s.colour ?? 'currentColor';
  const activeDot = { r: 4, fill: colour, stroke: 'var(--color-background)', className: s.className };
  // A point with no neighbour would draw no line at all: it is shown as a dot instead.
  const isolatedDot = ({ cx, cy, index }: DotItemDotProps) => {
    const alone =
      hasValue(data[index], s.key) && !hasValue(data[index - 1], s.key) && !hasValue(data[index + 1], s.key);
    return alone && cx !== undefined && cy !== undefined ? (
      <circle key={index} cx={cx} cy={cy} r={3} fill={colour} className={s.className} data-testid="chart-dot" />
    ) : (
      <g key={index} />
    );
  };
  const common = {
    dataKey: s.key,
    name: s.label,
    className: s.className,
    isAnimationActive: animate,
  };
  if (kind === 'bar') {
    return (
      <Bar
        key={s.key}
        {...common}
        stackId="stack"
        fill={colour}
        maxBarSize={48}
        minPointSize={0}
        shape={
          s.testId
            ? (props: { x?: number; y?: number; width?: number; height?: number; fill?: string }) => (
                <g data-testid={s.testId}>
                  <rect
                    x={props.x}
                    y={props.y}
                    width={props.width}
                    height={Math.max(props.height ?? 0, 0)}
                    fill={props.fill}
                  />
                </g>
              )
            : undefined
        }
      />
    );
  }
  if (kind === 'area') {
    return (
      <Area
        key={s.key}
        {...common}
        type="linear"
        stroke={colour}
        strokeWidth={2}
        fill={colour}
        fillOpacity={0.15}
        connectNulls={false}
        dot={isolatedDot}
        activeDot={activeDot}
      />
    );
  }
  return (
    <Line
      key={s.key}
      {...common}
      type="linear"
      stroke={colour}
      strokeWidth={2}
      connectNulls={false}
      dot={isolatedDot}
      activeDot={activeDot}
    />
  );
}

function XTick({
  x,
  y,
  index,
  visibleTicksCount,
  text,
  centred = false,
}: XAxisTickContentProps & { text: string; centred?: boolean }) {
  // The first and last labels sit inside the plot's edges instead of spilling over them.
  const anchor = centred ? 'middle' : index === 0 ? 'start' : index === visibleTicksCount - 1 ? 'end' : 'middle';
  return (
    <text
      x={x}
      y={Number(y) + 12}
      textAnchor={anchor}
      fill="var(--color-muted-foreground)"
      fontSize={AXIS_FONT}
      data-testid="x-tick"
    >
      {text}
    </text>
  );
}

function YTick({ x, y, text }: YAxisTickContentProps & { text: string }) {
  return (
    <text
      x={Number(x) - 2}
      y={y}
      textAnchor="end"
      dominantBaseline="middle"
      fill="var(--color-muted-foreground)"
      fontSize={AXIS_FONT}
      data-testid="y-tick"
    >
      {text}
    </text>
  );
}

function ChartTooltip({
  active,
  payload,
  series,
  formatValue,
  formatLabel,
}: TooltipContentProps & {
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
  formatLabel: (x: number | string) => string;
}) {
  const row = payload[0]?.payload as ChartRow | undefined;
  if (!active || !row) return null;
  const shown = series.filter((s) => hasValue(row, s.key));
  if (shown.length === 0) return null;
  return (
    <div className="rounded-md border border-glass-border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg backdrop-blur">
      <p className="mb-1 font-medium">{formatLabel(row.x)}</p>
      <ul className="flex flex-col gap-0.5">
        {shown.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn('size-2 rounded-full bg-current', s.className)}
              style={s.colour ? { backgroundColor: s.colour } : undefined}
            />
            <span className="text-muted-foreground">{s.label}</span>
            <span className="ml-auto pl-3 tabular-nums">{formatValue(Number(row[s.key]))}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
