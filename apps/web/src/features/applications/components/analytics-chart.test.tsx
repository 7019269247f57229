import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { UsageChart, usageParts, type UsageDay } from './analytics-chart';

/** `count` UTC days from 1 March 2026, each [allowed, rate limited, rejected]. */
function days(count: number, fill: (i: number) => [number, number, number]): UsageDay[] {
  return Array.from({ length: count }, (_, i) => {
    const [allowed, rate_limited, rejected] = fill(i);
    return { date: new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10), allowed, rate_limited, rejected };
  });
}

const week = days(7, (i) => [10 * i, i === 6 ? 3 : 0, i === 5 ? 1 : 0]);

function tableRows(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));
}

describe('UsageChart', () => {
  it("stacks a week's requests per day by outcome, and says what it shows", () => {
    const { container } = render(<UsageChart days={week} rangeLabel="Last 7 days" />);
    expect(screen.getByRole('figure', { name: 'Requests per day' })).toBeInTheDocument();
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      'Requests per day, last 7 days: 214 in all (210 allowed, 3 rate limited, 1 rejected); busiest day Mar 7 with 63 requests',
    );
    // A bar per day (an empty day too), a layer per outcome, in the theme's colours.
    expect(within(chart).getAllByTestId('usage-bar')).toHaveLength(7);
    const layers = container.querySelectorAll('.recharts-bar');
    expect(layers).toHaveLength(3);
    expect(layers[1]?.querySelector('path')).toHaveAttribute('fill', 'var(--color-warning)');
    expect(screen.getAllByTestId('x-tick').map((t) => t.textContent)).toEqual([
      'Mar 1',
      'Mar 2',
      'Mar 3',
      'Mar 4',
      'Mar 5',
      'Mar 6',
      'Mar 7',
    ]);
    expect(screen.getAllByTestId('y-tick').map((t) => t.textContent)).toEqual(['0', '20', '40', '60', '80']);
  });

  it('lists the daily numbers in a table', async () => {
    render(<UsageChart days={week} rangeLabel="Last 7 days" />);
    await userEvent.click(screen.getByText('Daily numbers'));
    expect(tableRows(screen.getByRole('table', { name: 'Requests per day, last 7 days' }))).toEqual([
      ['Day', 'Allowed', 'Rate limited', 'Rejected'],
      ['Mar 1', '0', '0', '0'],
      ['Mar 2', '10', '0', '0'],
      ['Mar 3', '20', '0', '0'],
      ['Mar 4', '30', '0', '0'],
      ['Mar 5', '40', '0', '0'],
      ['Mar 6', '50', '0', '1'],
      ['Mar 7', '60', '3', '0'],
    ]);
  });

  it('labels about one day in five on a month, the last one always', () => {
    render(<UsageChart days={days(30, (i) => [1000 + i, 0, 0])} rangeLabel="Last 30 days" />);
    expect(screen.getAllByTestId('x-tick').map((t) => t.textContent)).toEqual([
      'Mar 1',
      'Mar 6',
      'Mar 11',
      'Mar 16',
      'Mar 21',
      'Mar 26',
      'Mar 30',
    ]);
    expect(screen.getByRole('img')).toHaveAccessibleName(/^Requests per day, last 30 days: 30,435 in all/);
  });

  it('dims itself while newer numbers are on their way', () => {
    render(<UsageChart days={week} rangeLabel="Last 7 days" busy />);
    expect(screen.getByRole('img')).toHaveAttribute('aria-busy', 'true');
  });

  it('speaks European Portuguese, numbers and days included', async () => {
    render(<UsageChart days={days(30, (i) => [1000 + i, i === 29 ? 1 : 0, 0])} rangeLabel="Últimos 30 dias" />);
    await act(() => i18n.changeLanguage('pt-PT'));

    expect(screen.getByRole('figure', { name: 'Pedidos por dia' })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Pedidos por dia, últimos 30 dias: 30\u00a0436 no total (permitidos: 30\u00a0435, acima do limite: 1, rejeitados: 0); dia com mais pedidos 30/03, com 1030 pedidos',
    );
    expect(screen.getAllByTestId('x-tick')[0]).toHaveTextContent('1/03');
    await userEvent.click(screen.getByText('Números diários'));
    const rows = tableRows(screen.getByRole('table', { name: 'Pedidos por dia, últimos 30 dias' }));
    expect(rows[0]).toEqual(['Dia', 'Permitidos', 'Acima do limite', 'Rejeitados']);
    expect(rows.at(-1)).toEqual(['30/03', '1029', '1', '0']);
    // The outcome names other screens show follow the language too.
    expect(usageParts.map((part) => part.label)).toEqual(['Permitidos', 'Acima do limite', 'Rejeitados']);
  });
});
