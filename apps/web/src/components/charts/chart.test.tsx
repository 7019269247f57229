import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Chart, useReducedMotion, type ChartProps, type ChartRow } from './chart';

const rows: ChartRow[] = [
  { x: 0, up: 10, down: 1 },
  { x: 10, up: 30, down: 2 },
  { x: 20, up: 20, down: 3 },
];

function renderChart(props: Partial<ChartProps> = {}) {
  return render(
    <Chart
      title="Throughput"
      summary="Throughput: up 10 to 30, down 1 to 3"
      kind="line"
      series={[
        { key: 'up', label: 'Up', colour: 'var(--color-success)', legendValue: '20 r/s' },
        { key: 'down', label: 'Down', className: 'text-sky-400' },
      ]}
      data={rows}
      x={{ kind: 'time', domain: [0, 20], ticks: [0, 10, 20], format: (t) => `t${t}` }}
      y={{ domain: [0, 40], ticks: [0, 20, 40], format: (v) => `${v} r/s` }}
      formatValue={(v) => `${v} r/s`}
      emptyMessage="Nothing to draw"
      table={{
        caption: 'Throughput per second',
        rowHeader: 'Second',
        rows: rows.map((row) => ({ key: String(row.x), header: `t${row.x}`, cells: [`${row.up}`, `${row.down}`] })),
      }}
      {...props}
    />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Chart', () => {
  it('is a figure with a visible title, a legend, and the summary as the name of the drawing', () => {
    const { container } = renderChart();
    const figure = screen.getByRole('figure', { name: 'Throughput' });
    expect(within(figure).getByRole('img')).toHaveAccessibleName('Throughput: up 10 to 30, down 1 to 3');
    expect(container.querySelector('figcaption')).toHaveTextContent('ThroughputUp20 r/sDown');
    // Each series is drawn, in its colour: a CSS variable, or the colour of its class.
    const lines = container.querySelectorAll('.recharts-line-curve');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveAttribute('stroke', 'var(--color-success)');
    expect(lines[1]).toHaveAttribute('stroke', 'currentColor');
    expect(container.querySelectorAll('.recharts-line')[1]).toHaveClass('text-sky-400');
    expect(screen.getAllByTestId('x-tick').map((t) => t.textContent)).toEqual(['t0', 't10', 't20']);
    expect(screen.getAllByTestId('y-tick').map((t) => t.textContent)).toEqual(['0 r/s', '20 r/s', '40 r/s']);
  });

  it('takes no tab stop in its drawing: only Show as table is reached by keyboard', async () => {
    const { container } = renderChart();
    const drawing = screen.getByRole('img');
    expect(drawing.querySelector('svg')).not.toBeNull();
    // Recharts' keyboard layer would make the surface a tab stop (tabindex 0, role application).
    expect(
      drawing.querySelectorAll('[tabindex]:not([tabindex="-1"]), a[href], button, [role="application"]'),
    ).toHaveLength(0);
    // Its layers are portal containers (React listens for focus on them, which makes an SVG element
    // a tab stop in Chromium): each is marked out of the tab order.
    const layers = drawing.querySelectorAll('g[class*="recharts-zIndex-layer"]');
    expect(layers.length).toBeGreaterThan(0);
    for (const layer of layers) expect(layer).toHaveAttribute('tabindex', '-1');
    const user = userEvent.setup();
    const stops: Element[] = [];
    for (let i = 0; i < 5; i++) {
      await user.tab();
      if (document.activeElement && container.contains(document.activeElement)) stops.push(document.activeElement);
    }
    expect(new Set(stops)).toEqual(new Set([screen.getByText('Show as table')]));
  });

  it('offers its numbers as a table', async () => {
    renderChart();
    // In the page (closed) from the start, unless the table is lazy.
    const table = screen.getByRole('table', { name: 'Throughput per second', hidden: true });
    await userEvent.click(screen.getByText('Show as table'));
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Second', 'Up', 'Down'],
      ['t0', '10', '1'],
      ['t10', '30', '2'],
      ['t20', '20', '3'],
    ]);
  });

  it('builds a lazy table only once it is opened', async () => {
    renderChart({
      table: {
        caption: 'Lazy',
        rowHeader: 'Second',
        rows: [{ key: '0', header: 't0', cells: ['10', '1'] }],
        lazy: true,
      },
    });
    expect(screen.queryByRole('table', { hidden: true })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Show as table'));
    expect(screen.getByRole('table', { name: 'Lazy' })).toBeInTheDocument();
  });

  it('shows the values under the pointer in a tooltip', async () => {
    const { container } = renderChart();
    const wrapper = container.querySelector('.recharts-wrapper');
    if (!wrapper) throw new Error('no chart');
    // The plot spans x 44–628 of the 640 pixels drawn: its middle is the second row.
    fireEvent.mouseMove(wrapper, { clientX: 336, clientY: 100 });
    const tooltip = container.querySelector('.recharts-tooltip-wrapper');
    await waitFor(() => expect(tooltip).toHaveTextContent('t10Up30 r/sDown2 r/s'));
  });

  it('draws an alert line with its label', () => {
    renderChart({ threshold: { value: 35, label: 'Alert 35 r/s' } });
    expect(screen.getByTestId('threshold')).toHaveTextContent('Alert 35 r/s');
  });

  it('stacks bars per category, one mark per category even where it is zero', () => {
    const { container } = renderChart({
      kind: 'bar',
      series: [
        { key: 'up', label: 'Up', colour: 'var(--color-success)', testId: 'up-bar' },
        { key: 'down', label: 'Down', colour: 'var(--color-warning)' },
      ],
      data: [
        { x: 'mon', up: 0, down: 0 },
        { x: 'tue', up: 4, down: 2 },
      ],
      x: { kind: 'category', format: (day) => day.toUpperCase() },
    });
    expect(screen.getAllByTestId('up-bar')).toHaveLength(2);
    expect(container.querySelectorAll('.recharts-bar')).toHaveLength(2);
    expect(screen.getAllByTestId('x-tick').map((t) => t.textContent)).toEqual(['MON', 'TUE']);
  });

  it('says so in its frame when there is nothing to draw', () => {
    const { container } = renderChart({ data: [{ x: 0, up: null, down: null }], summary: 'Throughput: no samples' });
    expect(screen.getByRole('img')).toHaveAccessibleName('Throughput: no samples');
    expect(screen.getByRole('img')).toHaveTextContent('Nothing to draw');
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.queryByText('Show as table')).not.toBeInTheDocument();
  });

  it('shows a placeholder while loading, and dims old numbers while new ones come', async () => {
    const { rerender } = renderChart({ loading: true });
    expect(screen.getByRole('status', { name: 'Loading chart' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('pt-PT'));
    expect(screen.getByRole('status', { name: 'A carregar o gráfico' })).toBeInTheDocument();

    rerender(
      <Chart
        title="Throughput"
        summary="Throughput"
        kind="area"
        series={[{ key: 'up', label: 'Up' }]}
        data={rows}
        x={{ kind: 'time', domain: [0, 20], ticks: [0, 20], format: String }}
        y={{ domain: [0, 40], ticks: [0, 40], format: String }}
        formatValue={String}
        emptyMessage="Nothing to draw"
        table={{ caption: 'Table', rowHeader: 'Second', rows: [] }}
        busy
      />,
    );
    expect(screen.getByRole('img')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Ver como tabela')).toBeInTheDocument();
  });
});

describe('useReducedMotion', () => {
  function stubMotion(reduce: boolean) {
    const listeners = new Set<() => void>();
    const query = {
      matches: reduce,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    vi.stubGlobal('matchMedia', (text: string) => {
      expect(text).toBe('(prefers-reduced-motion: reduce)');
      return query;
    });
    return (next: boolean) => {
      query.matches = next;
      listeners.forEach((listener) => listener());
    };
  }

  it("follows the visitor's preference, as it changes", () => {
    const change = stubMotion(false);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => change(true));
    expect(result.current).toBe(true);
  });

  it('does not animate where the preference cannot be read', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);
  });
});
