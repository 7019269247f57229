/** The shapes a chart is given: its series, rows, axes and table. */

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

/** The y-axis labels' and the threshold label's font size, in pixels. */
export const AXIS_FONT = 11;

/** True when the row has a finite number for the series `key` (else no sample: the line breaks). */
export function hasValue(row: ChartRow | undefined, key: string): boolean {
  return typeof row?.[key] === 'number' && Number.isFinite(row[key]);
}
