import type { Application } from '@nuvem/contracts/applications';
import { useQuery } from '@tanstack/react-query';
import { ChartColumnIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, LoadingSkeletons } from '@/components/load-state';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format';
import { cn } from '@/lib/utils';
import { getApiKeyStatsQueryOptions } from '../api/get-api-key-stats';
import { useApiKeys } from '../api/get-api-keys';
import { apiKeyStatus, sortKeysByStatus } from '../lib/api-key-display';
import { failureReason } from '../lib/failure';
import { UsageChart, usageParts } from './analytics-chart';

/** The windows offered, in days. */
export const usageRanges = [7, 30] as const;
type RangeDays = (typeof usageRanges)[number];

/** Each stacked part's message key (the totals cards). */
const partLabels = {
  allowed: 'analytics.parts.allowed',
  rate_limited: 'analytics.parts.rateLimited',
  rejected: 'analytics.parts.rejected',
} as const;

/**
 * The Analytics tab (beyond the spec): one key's requests per day over 7 or 30 days, split into
 * allowed, rate-limited and rejected, as a stacked bar chart and totals.
 */
export function AnalyticsTab({ application }: { application: Application | undefined }) {
  const { t } = useTranslation(['applications', 'common']);
  const f = useFormat();
  const headingId = useId();
  const keySelectId = useId();
  const rangeSelectId = useId();
  const applicationId = application?.id;
  const keys = useApiKeys(applicationId, true);
  const [chosenKeyId, setChosenKeyId] = useState<string | undefined>(undefined);
  const [days, setDays] = useState<RangeDays>(7);

  const now = keys.dataUpdatedAt;
  const sorted = sortKeysByStatus(keys.data ?? [], now);
  // The chosen key while it belongs to this application, else the first (active keys come first).
  const selected = sorted.find((k) => k.id === chosenKeyId) ?? sorted[0];
  const rangeLabel = t('analytics.lastDays', { count: days });

  const stats = useQuery({
    ...getApiKeyStatsQueryOptions(applicationId ?? '', selected?.id ?? '', days),
    enabled: Boolean(applicationId && selected),
    // A new range of the same key keeps the old bars (dimmed) until its numbers arrive.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === selected?.id ? previous : undefined),
  });

  let body: ReactNode;
  if (!applicationId) {
    body = (
      <EmptyState icon={ChartColumnIcon} title={t('noApplication.title')}>
        {t('analytics.noApplicationText')}
      </EmptyState>
    );
  } else if (keys.isPending) {
    body = <Skeleton className="h-72 w-full" />;
  } else if (keys.isError) {
    body = (
      <LoadError
        message={t('apiKeys.loadFailed', { reason: failureReason(keys.error) })}
        onRetry={() => void keys.refetch()}
      />
    );
  } else if (!selected) {
    body = (
      <EmptyState icon={ChartColumnIcon} title={t('analytics.noKeysTitle')}>
        {t('analytics.noKeysText')}
      </EmptyState>
    );
  } else {
    const totals = stats.data?.totals;
    const all = totals ? totals.allowed + totals.rate_limited + totals.rejected : 0;
    const busy = stats.isPlaceholderData;
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="grid min-w-56 gap-2">
            <Label htmlFor={keySelectId}>{t('analytics.key')}</Label>
            <Select value={selected.id} onValueChange={setChosenKeyId}>
              <SelectTrigger id={keySelectId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {sorted.map((k) => {
                  const status = apiKeyStatus(k, now);
                  return (
                    <SelectItem key={k.id} value={k.id}>
                      {status === 'revoked'
                        ? t('analytics.keyOptionRevoked', { name: k.name })
                        : status === 'expired'
                          ? t('analytics.keyOptionExpired', { name: k.name })
                          : k.name}
                    </SelectItem>
                  );
                })}
              </SelectContent>
            </Select>
          </div>
          <div className="grid min-w-40 gap-2">
            <Label htmlFor={rangeSelectId}>{t('analytics.range')}</Label>
            <Select
              value={String(days)}
              onValueChange={(value) => {
                const next = usageRanges.find((r) => String(r) === value);
                if (next) setDays(next);
              }}
            >
              <SelectTrigger id={rangeSelectId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {usageRanges.map((r) => (
                  <SelectItem key={r} value={String(r)}>
                    {t('analytics.lastDays', { count: r })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <p className="text-sm text-muted-foreground">
            {selected.last_used_at
              ? t('analytics.inAll', {
                  count: selected.usage_count,
                  value: f.count(selected.usage_count),
                  lastUsed: f.relative(selected.last_used_at, now),
                })
              : t('analytics.inAllNeverUsed', { count: selected.usage_count, value: f.count(selected.usage_count) })}
          </p>
        </div>

        {stats.isPending ? (
          <LoadingSkeletons
            label={t('analytics.loadingUsage')}
            blocks={['h-20 w-full', 'h-56 w-full']}
            className="gap-4"
          />
        ) : stats.isError ? (
          <LoadError
            message={t('analytics.usageFailed', { reason: failureReason(stats.error) })}
            onRetry={() => void stats.refetch()}
          />
        ) : (
          <>
            <ul
              aria-label={t('analytics.totals', { count: days })}
              className={cn('grid gap-3 sm:grid-cols-3', busy && 'opacity-60')}
              aria-busy={busy || undefined}
            >
              {usageParts.map((part) => (
                <li key={part.key}>
                  <Card className="flex flex-col gap-1 p-4">
                    <span className="flex items-center gap-2 text-sm text-muted-foreground">
                      <span aria-hidden="true" className={cn('size-2 rounded-sm bg-current', part.colourClass)} />
                      {t(partLabels[part.key])}
                    </span>
                    <span className="text-2xl font-semibold tabular-nums">{f.count(stats.data.totals[part.key])}</span>
                  </Card>
                </li>
              ))}
            </ul>
            {all === 0 ? (
              <Card className="p-8 text-center text-sm text-muted-foreground">{t('analytics.noRequests')}</Card>
            ) : (
              <Card className="p-4">
                <UsageChart days={stats.data.days} rangeLabel={rangeLabel} busy={busy} />
              </Card>
            )}
          </>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('analytics.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('analytics.description')}</p>
      </div>
      {body}
    </section>
  );
}
