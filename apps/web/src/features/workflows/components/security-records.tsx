import type { SecurityEvent } from '@nuvem/contracts/ai-security';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { cn } from '@/lib/utils';
import { outcomeVariant, shortHash, threatVariant } from '../lib/security-display';
import { useSecurityNames } from './use-security-names';

export interface SecurityRecordsProps {
  events: readonly SecurityEvent[];
  /** How many records the window holds (the list shows the newest of them). */
  total: number;
  windowDays: number;
  busy?: boolean;
}

/**
 * The newest records, one card each (a seven-column table does not fit a phone): when, where from,
 * what happened, the threat level, the types, the redacted excerpt and the start of the text's hash.
 */
export function SecurityRecords({ events, total, windowDays, busy = false }: SecurityRecordsProps) {
  const { t } = useTranslation('workflows');
  const f = useFormat();
  const headingId = useId();
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId}>{t('records.title')}</h2>
          <span className="text-sm font-normal text-muted-foreground">
            {t('records.total', { count: total, n: f.count(total), days: windowDays })}
          </span>
        </CardTitle>
        <CardDescription>{t('records.description', { days: windowDays })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {events.length === 0 ? (
          <p className="rounded-lg border border-dashed border-glass-border p-6 text-center text-sm text-muted-foreground">
            {t('records.empty', { days: windowDays })}
          </p>
        ) : (
          <ol
            aria-label={t('records.list')}
            aria-busy={busy || undefined}
            className={cn('grid gap-2 transition-opacity motion-reduce:transition-none', busy && 'opacity-60')}
          >
            {events.map((event) => (
              <SecurityRecord key={event.id} event={event} />
            ))}
          </ol>
        )}
        {events.length > 0 && total > events.length && (
          <p className="text-xs text-muted-foreground">
            {t('records.shown', { shown: f.count(events.length), total: f.count(total) })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function SecurityRecord({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation('workflows');
  const f = useFormat();
  const names = useSecurityNames();
  return (
    <li className="grid gap-2 rounded-lg border border-glass-border bg-glass p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <time dateTime={event.created_at} className="font-medium tabular-nums">
          {f.dateTime(event.created_at)}
        </time>
        <Badge variant={outcomeVariant(event.outcome)}>{names.outcome(event.outcome)}</Badge>
        <Badge variant={threatVariant(event.threat_level)}>
          {t('check.threatLevel', { level: names.level(event.threat_level) })}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('records.source')}</dt>
        <dd>{names.source(event.source)}</dd>
        <dt className="text-muted-foreground">{t('records.types')}</dt>
        <dd>{event.violation_types.map((type) => names.type(type)).join(', ') || '—'}</dd>
        <dt className="text-muted-foreground">{t('records.excerpt')}</dt>
        <dd className="font-mono text-xs break-words whitespace-pre-wrap">{event.excerpt}</dd>
        <dt className="text-muted-foreground">{t('records.hash')}</dt>
        <dd>
          <code className="text-xs" title={t('records.hashTitle', { hash: event.text_sha256 })}>
            {shortHash(event.text_sha256)}
          </code>
        </dd>
      </dl>
    </li>
  );
}
