import type { SecurityEventsResponse } from '@nuvem/contracts/ai-security';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { largestCount } from '../lib/security-display';
import { useSecurityNames } from './use-security-names';

/** How many records named each violation type (a record with several types counts for each), most first. */
export function SecurityByType({ rows }: { rows: SecurityEventsResponse['by_type'] }) {
  const { t } = useTranslation('workflows');
  const f = useFormat();
  const names = useSecurityNames();
  const headingId = useId();
  const largest = largestCount(rows);
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        {t('byType.title')}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('byType.empty')}</p>
      ) : (
        <ul aria-label={t('byType.list')} className="grid gap-1.5">
          {rows.map((row) => (
            <li key={row.type} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 text-sm">
              <span className="min-w-0 truncate" title={names.type(row.type)}>
                {names.type(row.type)}
              </span>
              <span className="font-medium tabular-nums">{f.count(row.count)}</span>
              <span aria-hidden="true" className="col-span-2 h-1.5 overflow-hidden rounded-full bg-glass-strong">
                <span
                  className="block h-full rounded-full bg-destructive/70"
                  style={{ width: `${largest > 0 ? (row.count / largest) * 100 : 0}%` }}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
