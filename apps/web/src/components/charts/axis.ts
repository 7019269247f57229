/**
 * The y-axis maths of the web app's charts, in one place. Two rules, for two kinds of figure:
 * - `niceCeiling`: measures (a percentage, megabytes) may stop at any round number, whole or not
 *   (0.5, 2.5, 250), with the ticks the chart picks;
 * - `countAxisCeiling` / `countAxis`: counts (requests, records) are whole, so the maximum is
 *   split in COUNT_AXIS_TICKS equal steps that are whole numbers themselves.
 */

/** The round multipliers of a power of ten an axis may stop at. */
const ROUND_STEPS = [1, 2, 2.5, 5, 10] as const;

/** A round axis maximum at or above `value` (1, 2, 2.5, 5 or 10 times a power of ten); 1 for nothing. */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = ROUND_STEPS.find((m) => m * power >= value) ?? 10;
  return step * power;
}

/** The number of steps of a count axis (five ticks: 0 and four above it). */
export const COUNT_AXIS_TICKS = 4;

/** A whole, round axis maximum at or above `value`, in COUNT_AXIS_TICKS whole steps of 1, 2, 2.5 or 5 × 10^n. */
export function countAxisCeiling(value: number): number {
  const raw = value / COUNT_AXIS_TICKS;
  if (raw <= 1) return COUNT_AXIS_TICKS;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ROUND_STEPS.map((m) => m * magnitude).find((s) => s >= raw && Number.isInteger(s));
  return (step ?? 10 * magnitude) * COUNT_AXIS_TICKS;
}

/** The y axis of a count chart: 0 to a round maximum at or above `max`, in COUNT_AXIS_TICKS whole steps. */
export function countAxis(max: number): { domain: [number, number]; ticks: number[] } {
  const top = countAxisCeiling(Math.max(0, max));
  return {
    domain: [0, top],
    ticks: Array.from({ length: COUNT_AXIS_TICKS + 1 }, (_, i) => (top * i) / COUNT_AXIS_TICKS),
  };
}
