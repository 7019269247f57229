import type { MetricRange } from '@nuvem/contracts/containers';
import { cn } from '@/lib/utils';
import {
  formatAxisTime,
  formatFullTime,
  formatPercent,
  formatTraffic,
  gapBreakMs,
  niceCeiling,
  rangeLabels,
  rangeMs,
  summariseSeries,
} from '../lib/metrics-format';

export interface ChartPoint {
  /** ISO time of the sample. */
  at: string;
  value: number;
}

export interface ChartSeries {
  label: string;
  points: readonly ChartPoint[];
  /** A Tailwind text colour: the line and area are drawn in currentColor. */
  colourClass: string;
}

export interface MetricChartProps {
  title: string;
  series: readonly ChartSeries[];
  range: MetricRange;
  /** Percentages get a fixed 0–100 scale; megabytes scale to their maximum. */
  unit: '%' | 'MB';
  /** Drawn as a dashed alert line (same unit). */
  threshold?: number | undefined;
  /** Shown in the frame when there is not a single point. */
  emptyMessage?: string;
  /** True while older data is shown and newer is on its way. */
  busy?: boolean;
  /** Axis times are in the viewer's zone unless one is given (tests). */
  timeZone?: string | undefined;
  className?: string;
}

// The drawing's own coordinates; the SVG scales to its container's width through the viewBox.
const W = 640;
const H = 220;
const PAD = { left: 44, right: 12, top: 14, bottom: 26 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;
const X_TICKS = 5;
const Y_TICKS = 4;

interface Timed {
  t: number;
  value: number;
}

function timed(points: readonly ChartPoint[]): Timed[] {
  return points
    .map((p) => ({ t: Date.parse(p.at), value: p.value }))
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.value))
    .sort((a, b) => a.t - b.t);
}

/** Runs of points with no gap wider than the range's break: a stopped container leaves a hole. */
function segments(points: readonly Timed[], maxGap: number): Timed[][] {
  const runs: Timed[][] = [];
  let run: Timed[] = [];
  for (const point of points) {
    const last = run.at(-1);
    if (last && point.t - last.t > maxGap) {
      runs.push(run);
      run = [];
    }
    run.push(point);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

function formatValue(value: number, unit: '%' | 'MB'): string {
  return unit === '%' ? formatPercent(value) : formatTraffic(value);
}

function axisValue(value: number, unit: '%' | 'MB'): string {
  const rounded = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return unit === '%' ? `${rounded}%` : rounded;
}

/** What a screen reader hears instead of the drawing: min, average, max and latest of each line. */
export function describeChart({
  title,
  series,
  range,
  unit,
  threshold,
  timeZone,
}: Pick<MetricChartProps, 'title' | 'series' | 'range' | 'unit' | 'threshold' | 'timeZone'>): string {
  const head = `${title}, ${rangeLabels[range].toLowerCase()}`;
  const parts = series.flatMap((s) => {
    const points = timed(s.points);
    const summary = summariseSeries(points.map((p) => p.value));
    const last = points.at(-1);
    if (!summary || !last) return [];
    const name = series.length > 1 ? `${s.label} ` : '';
    return [
      `${name}min ${formatValue(summary.min, unit)}, average ${formatValue(summary.avg, unit)}, max ${formatValue(summary.max, unit)}, latest ${formatValue(summary.latest, unit)} at ${formatFullTime(last.t, { timeZone })}`,
    ];
  });
  if (parts.length === 0) return `${head}: no samples`;
  const alert = threshold === undefined ? '' : `; alert threshold ${axisValue(threshold, unit)}`;
  return `${head}: ${parts.join('; ')}${alert}`;
}

/** A dependency-free line and area chart of one or more series over a metrics range. */
export function MetricChart({
  title,
  series,
  range,
  unit,
  threshold,
  emptyMessage = 'No samples yet',
  busy = false,
  timeZone,
  className,
}: MetricChartProps) {
  const lines = series.map((s) => ({ ...s, timed: timed(s.points) }));
  const all = lines.flatMap((l) => l.timed);
  const hasPoints = all.length > 0;

  // The window ends at the newest sample and spans the range (further back only if a point is older).
  const tEnd = hasPoints ? Math.max(...all.map((p) => p.t)) : 0;
  const tStart = hasPoints ? Math.min(tEnd - rangeMs[range], ...all.map((p) => p.t)) : -rangeMs[range];
  const peak = Math.max(0, threshold ?? 0, ...all.map((p) => p.value));
  const yMax = unit === '%' ? Math.max(100, niceCeiling(peak)) : niceCeiling(peak * 1.1);

  const x = (t: number) => PAD.left + ((t - tStart) / (tEnd - tStart)) * PLOT_W;
  const y = (v: number) => PAD.top + PLOT_H - (Math.min(Math.max(v, 0), yMax) / yMax) * PLOT_H;
  const baseline = PAD.top + PLOT_H;
  const maxGap = gapBreakMs(range);

  const xTicks = Array.from({ length: X_TICKS }, (_, i) => tStart + ((tEnd - tStart) * i) / (X_TICKS - 1));
  const yTicks = Array.from({ length: Y_TICKS + 1 }, (_, i) => (yMax * i) / Y_TICKS);
  const label = describeChart({ title, series, range, unit, threshold, timeZone });

  return (
    <figure className={cn('flex min-w-0 flex-col gap-2', className)}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{title}</span>
        {hasPoints && (
          <span className="flex flex-wrap gap-3 text-xs text-muted-foreground" aria-hidden="true">
            {lines.map((line) => {
              const latest = line.timed.at(-1);
              return (
                <span key={line.label} className="inline-flex items-center gap-1">
                  <span className={cn('size-2 rounded-full bg-current', line.colourClass)} />
                  {line.label}
                  {latest && <span className="text-foreground tabular-nums">{formatValue(latest.value, unit)}</span>}
                </span>
              );
            })}
          </span>
        )}
      </figcaption>
      <svg
        role="img"
        aria-label={label}
        aria-busy={busy || undefined}
        viewBox={`0 0 ${W} ${H}`}
        className={cn('h-auto w-full overflow-visible transition-opacity', busy && 'opacity-60')}
      >
        <g className="text-glass-border" stroke="currentColor" strokeWidth={1}>
          {yTicks.map((v) => (
            <line
              key={v}
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              strokeDasharray={v === 0 ? undefined : '2 4'}
            />
          ))}
        </g>
        <g className="text-muted-foreground" fill="currentColor" fontSize={11}>
          {yTicks.map((v) => (
            <text key={v} x={PAD.left - 6} y={y(v)} textAnchor="end" dominantBaseline="middle">
              {axisValue(v, unit)}
            </text>
          ))}
          {hasPoints &&
            xTicks.map((t, i) => (
              <text
                key={t}
                x={x(t)}
                y={H - 8}
                textAnchor={i === 0 ? 'start' : i === X_TICKS - 1 ? 'end' : 'middle'}
                data-testid="x-tick"
              >
                {formatAxisTime(t, range, { timeZone })}
              </text>
            ))}
        </g>

        {hasPoints &&
          lines.map((line) => (
            <g key={line.label} className={line.colourClass}>
              {segments(line.timed, maxGap).map((run) => {
                const first = run[0];
                const last = run.at(-1);
                if (!first || !last) return null;
                if (run.length === 1) {
                  return <circle key={first.t} cx={x(first.t)} cy={y(first.value)} r={3} fill="currentColor" />;
                }
                const path = run.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.value).toFixed(1)}`);
                const area = `${path.join(' ')} L${x(last.t).toFixed(1)},${baseline} L${x(first.t).toFixed(1)},${baseline} Z`;
                return (
                  <g key={first.t}>
                    {lines.length === 1 && <path d={area} fill="currentColor" fillOpacity={0.15} stroke="none" />}
                    <path
                      d={path.join(' ')}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth={2}
                      strokeLinejoin="round"
                      strokeLinecap="round"
                    />
                  </g>
                );
              })}
            </g>
          ))}

        {threshold !== undefined && (
          <g className="text-destructive" data-testid="threshold">
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(threshold)}
              y2={y(threshold)}
              stroke="currentColor"
              strokeWidth={1.5}
              strokeDasharray="6 4"
            />
            <text x={W - PAD.right} y={y(threshold) - 4} textAnchor="end" fill="currentColor" fontSize={11}>
              Alert {axisValue(threshold, unit)}
            </text>
          </g>
        )}

        {!hasPoints && (
          <text
            x={PAD.left + PLOT_W / 2}
            y={PAD.top + PLOT_H / 2}
            textAnchor="middle"
            dominantBaseline="middle"
            className="text-muted-foreground"
            fill="currentColor"
            fontSize={13}
          >
            {emptyMessage}
          </text>
        )}
      </svg>
    </figure>
  );
}
