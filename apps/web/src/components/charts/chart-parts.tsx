import {
  Area,
  Bar,
  Line,
  type DotItemDotProps,
  type TooltipContentProps,
  type XAxisTickContentProps,
  type YAxisTickContentProps,
} from 'recharts';
import { cn } from '@/lib/utils';
import { AXIS_FONT, hasValue, type ChartProps, type ChartRow, type ChartSeries } from './chart-types';

/** One series drawn as the chart's kind: stacked bars, or a line (filled under for 'area') that breaks where a value is missing. */
export function renderSeries(s: ChartSeries, kind: ChartProps['kind'], data: readonly ChartRow[], animate: boolean) {
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

export function XTick({
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

export function YTick({ x, y, text }: YAxisTickContentProps & { text: string }) {
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

export function ChartTooltip({
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
