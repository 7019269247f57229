import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSeries, ChartTable } from './chart-types';

/** The numbers behind a chart, as a table behind 'Show as table' (one row per x, one column per series). */
export function ChartTableDetails({ table, series }: { table: ChartTable; series: readonly ChartSeries[] }) {
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
