import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
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

/** The drawn line's path: one 'M' (move) per unbroken run of samples. */
function linePath(container: HTMLElement) {
  return container.querySelector('.recharts-area-curve, .recharts-line-curve');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MetricChart', () => {
  it('summarises min, average, max and latest for screen readers, with the threshold', () => {
    const { container } = chart(pts([0, 10], [15, 30], [30, 90], [45, 50]), { threshold: 80 });
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'CPU usage, last hour: min 10.0%, average 45.0%, max 90.0%, latest 50.0% at Jan 13, 2025, 5:00 PM; alert threshold 80%',
    );
    expect(screen.getByTestId('threshold')).toHaveTextContent('Alert 80%');
    expect(screen.getByText('CPU usage')).toBeInTheDocument();
    // The series is drawn, in its colour.
    expect(linePath(container)).toHaveAttribute('d', expect.stringMatching(/^M[\d.,L]+$/));
    expect(container.querySelector('.recharts-area')).toHaveClass('text-sky-400');
  });

  it('labels the time axis for the range and the value axis with its unit', () => {
    chart(pts([0, 10], [3600, 20]));
    const ticks = screen.getAllByTestId('x-tick').map((t) => t.textContent);
    expect(ticks).toEqual(['05:00 PM', '05:15 PM', '05:30 PM', '05:45 PM', '06:00 PM']);
    expect(screen.getAllByTestId('y-tick').map((t) => t.textContent)).toEqual(['0%', '25%', '50%', '75%', '100%']);
  });

  it('draws at the width of its container, and at a fixed width where there is no layout', () => {
    const first = chart(pts([0, 10], [3600, 20]));
    // jsdom measures every element as 0 × 0: the chart falls back to a fixed size instead of vanishing.
    expect(first.container.querySelector('svg')).toHaveAttribute('width', '640');
    first.unmount();

    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 412, 300));
    const { container } = chart(pts([0, 10], [3600, 20]));
    expect(container.querySelector('svg')).toHaveAttribute('width', '412');
    expect(container.querySelector('svg')).toHaveAttribute('height', '220');
  });

  it('uses day and hour for a week', () => {
    chart(pts([0, 10], [3600, 20]), { range: '7d' });
    expect(screen.getAllByTestId('x-tick').at(-1)).toHaveTextContent('Jan 13 06:00 PM');
  });

  it('says so when there are no points, and draws no line', () => {
    const { container } = chart([]);
    expect(screen.getByRole('img')).toHaveAccessibleName('CPU usage, last hour: no samples');
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(container.querySelectorAll('path')).toHaveLength(0);
    expect(screen.queryAllByTestId('x-tick')).toHaveLength(0);
    expect(screen.queryByText('Show as table')).not.toBeInTheDocument();
  });

  it('draws a single point as a dot', () => {
    const { container } = chart(pts([0, 42]));
    expect(screen.getAllByTestId('chart-dot')).toHaveLength(1);
    expect(linePath(container)?.getAttribute('d') ?? '').not.toContain('L');
    expect(screen.getByRole('img')).toHaveAccessibleName(/min 42\.0%, average 42\.0%, max 42\.0%, latest 42\.0%/);
  });

  it('breaks the line where samples are missing (the container was stopped)', () => {
    const { container } = chart(pts([0, 10], [15, 20], [30, 30], [900, 40], [915, 50]));
    // Two runs: the line moves (M) twice, and no lone dot is drawn.
    expect(linePath(container)?.getAttribute('d')?.match(/M/g)).toHaveLength(2);
    expect(screen.queryAllByTestId('chart-dot')).toHaveLength(0);
  });

  it('describes every series of a multi-line chart', () => {
    const { container } = render(
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
      'Network, last hour: Received min 1.0 MB, average 2.0 MB, max 3.0 MB, latest 3.0 MB at Jan 13, 2025, 5:00 PM; Sent min 2.0 MB, average 2.0 MB, max 2.0 MB, latest 2.0 MB at Jan 13, 2025, 5:00 PM',
    );
    // Two lines, no filled areas.
    expect(container.querySelectorAll('.recharts-line-curve')).toHaveLength(2);
    expect(container.querySelector('.recharts-area')).toBeNull();
  });

  it('reads large traffic in gigabytes', () => {
    render(
      <MetricChart
        title="Network"
        unit="MB"
        range="1h"
        timeZone="UTC"
        series={[{ label: 'Received', colourClass: 'a', points: pts([0, 1024], [15, 1536]) }]}
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName(/min 1\.0 GB, average 1\.3 GB, max 1\.5 GB, latest 1\.5 GB/);
  });

  it('shows its samples as a table on request, with the figures of the drawing', async () => {
    const { container } = chart(pts([0, 10], [15, 30], [900, 50]), { threshold: 80 });
    // Built only when opened: a chart of the last hour has up to 240 samples.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Show as table'));

    const table = screen.getByRole('table', { name: 'CPU usage, last hour' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Time', 'CPU'],
      ['05:00:00 PM', '10.0%'],
      ['05:00:15 PM', '30.0%'],
      ['05:15:00 PM', '50.0%'],
    ]);
    // The legend shows the latest figure too.
    expect(container.querySelector('figcaption')).toHaveTextContent(/^CPU usageCPU50\.0%$/);
  });

  it('speaks European Portuguese, numbers and dates included', async () => {
    chart(pts([0, 10], [15, 30], [30, 90], [45, 50.5]), { threshold: 80 });
    await act(() => i18n.changeLanguage('pt-PT'));

    expect(screen.getByRole('img')).toHaveAccessibleName(
      'CPU usage, última hora: mín. 10,0%, média 45,1%, máx. 90,0%, último 50,5% em 13/01/2025, 17:00; limiar de alerta 80%',
    );
    expect(screen.getByTestId('threshold')).toHaveTextContent('Alerta 80%');
    expect(screen.getAllByTestId('x-tick')[0]).toHaveTextContent('16:00');
    await userEvent.click(screen.getByText('Ver como tabela'));
    const table = screen.getByRole('table', { name: 'CPU usage, última hora' });
    expect(within(table).getByRole('columnheader', { name: 'Data e hora' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '50,5%' })).toBeInTheDocument();
  });
});
