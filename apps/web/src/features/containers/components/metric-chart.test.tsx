import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MetricChart, type ChartPoint } from './metric-chart';

const start = Date.parse('2025-01-13T17:00:00.000Z');
const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
const pts = (...values: [number, number][]): ChartPoint[] => values.map(([s, value]) => ({ at: at(s), value }));

function chart(points: ChartPoint[], extra: { threshold?: number; range?: '1h' | '7d' } = {}) {
  return render(
    <MetricChart
      title="CPU usage"
      unit="%"
      range={extra.range ?? '1h'}
      threshold={extra.threshold}
      timeZone="UTC"
      emptyMessage="Nothing yet"
      series={[{ label: 'CPU', colourClass: 'text-sky-400', points }]}
    />,
  );
}

describe('MetricChart', () => {
  it('summarises min, average, max and latest for screen readers, with the threshold', () => {
    chart(pts([0, 10], [15, 30], [30, 90], [45, 50]), { threshold: 80 });
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'CPU usage, last hour: min 10.0%, average 45.0%, max 90.0%, latest 50.0% at 13 Jan, 17:00; alert threshold 80%',
    );
    expect(screen.getByTestId('threshold')).toHaveTextContent('Alert 80%');
    expect(screen.getByText('CPU usage')).toBeInTheDocument();
  });

  it('labels the time axis for the range and scales to its container', () => {
    const { container } = chart(pts([0, 10], [3600, 20]));
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('viewBox', '0 0 640 220');
    expect(svg.getAttribute('width')).toBeNull();
    const ticks = screen.getAllByTestId('x-tick').map((t) => t.textContent);
    expect(ticks).toEqual(['17:00', '17:15', '17:30', '17:45', '18:00']);
    expect(screen.getByText('100%')).toBeInTheDocument();
  });

  it('uses weekday and hour for a week', () => {
    chart(pts([0, 10], [3600, 20]), { range: '7d' });
    expect(screen.getAllByTestId('x-tick').at(-1)).toHaveTextContent('Mon 18:00');
  });

  it('says so when there are no points, and draws no line', () => {
    const { container } = chart([]);
    expect(screen.getByRole('img')).toHaveAccessibleName('CPU usage, last hour: no samples');
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(container.querySelectorAll('path')).toHaveLength(0);
    expect(screen.queryAllByTestId('x-tick')).toHaveLength(0);
  });

  it('draws a single point as a dot', () => {
    const { container } = chart(pts([0, 42]));
    expect(container.querySelectorAll('circle')).toHaveLength(1);
    expect(container.querySelectorAll('path')).toHaveLength(0);
    expect(screen.getByRole('img')).toHaveAccessibleName(/min 42\.0%, average 42\.0%, max 42\.0%, latest 42\.0%/);
  });

  it('breaks the line where samples are missing (the container was stopped)', () => {
    const { container } = chart(pts([0, 10], [15, 20], [30, 30], [900, 40], [915, 50]));
    // Two runs, each an area and a line.
    expect(container.querySelectorAll('path')).toHaveLength(4);
  });

  it('describes every series of a multi-line chart', () => {
    render(
      <MetricChart
        title="Network"
        unit="MB"
        range="1h"
        timeZone="UTC"
        series={[
          { label: 'Received', colourClass: 'a', points: pts([0, 1], [15, 3]) },
          { label: 'Sent', colourClass: 'b', points: pts([0, 2], [15, 2]) },
        ]}
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Network, last hour: Received min 1.0 MB, average 2.0 MB, max 3.0 MB, latest 3.0 MB at 13 Jan, 17:00; Sent min 2.0 MB, average 2.0 MB, max 2.0 MB, latest 2.0 MB at 13 Jan, 17:00',
    );
  });
});
