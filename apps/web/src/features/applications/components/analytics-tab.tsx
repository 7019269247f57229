import type { Application } from '@nuvem/contracts/applications';
import { useQuery } from '@tanstack/react-query';
import { ChartColumnIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { getApiKeyStatsQueryOptions } from '../api/get-api-key-stats';
import { useApiKeys } from '../api/get-api-keys';
import { apiKeyStatus, formatCount, formatLastUsed, sortKeysByStatus, statusLabels } from '../lib/api-key-display';
import { UsageChart, usageParts } from './analytics-chart';

export const usageRanges = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
] as const;
type RangeDays = (typeof usageRanges)[number]['days'];

export const NO_KEYS_MESSAGE = 'Generate an API key to see its usage';
export const NO_REQUESTS_MESSAGE = 'No requests in this period';

/**
 * The Analytics tab (beyond the spec): one key's requests per day over 7 or 30 days, split into
 * allowed, rate-limited and rejected, as a stacked bar chart and totals.
 */
export function AnalyticsTab({ application }: { application: Application | undefined }) {
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
  const range = usageRanges.find((r) => r.days === days) ?? usageRanges[0];

  const stats = useQuery({
    ...getApiKeyStatsQueryOptions(applicationId ?? '', selected?.id ?? '', days),
    enabled: Boolean(applicationId && selected),
    // A new range of the same key keeps the old bars (dimmed) until its numbers arrive.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === selected?.id ? previous : undefined),
  });

  let body: ReactNode;
  if (!applicationId) {
    body = (
      <EmptyState title="No application selected">Select or create an application to see its API usage.</EmptyState>
    );
  } else if (keys.isPending) {
    body = <Skeleton className="h-72 w-full" />;
  } else if (keys.isError) {
    body = (
      <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
        <span>The API keys could not be loaded: {errorMessage(keys.error, 'unknown error')}</span>
        <Button variant="outline" size="sm" onClick={() => void keys.refetch()}>
          Retry
        </Button>
      </Card>
    );
  } else if (!selected) {
    body = <EmptyState title={NO_KEYS_MESSAGE}>Its requests per day will show here once programs use it.</EmptyState>;
  } else {
    const totals = stats.data?.totals;
    const all = totals ? totals.allowed + totals.rate_limited + totals.rejected : 0;
    const busy = stats.isPlaceholderData;
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="grid min-w-56 gap-2">
            <Label htmlFor={keySelectId}>API key</Label>
            <Select value={selected.id} onValueChange={setChosenKeyId}>
              <SelectTrigger id={keySelectId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {sorted.map((k) => {
                  const status = apiKeyStatus(k, now);
                  return (
                    <SelectItem key={k.id} value={k.id}>
                      {k.name}
                      {status === 'active' ? '' : ` (${statusLabels[status].toLowerCase()})`}
                    </SelectItem>
                  );
                })}
              </SelectContent>
            </Select>
          </div>
          <div className="grid min-w-40 gap-2">
            <Label htmlFor={rangeSelectId}>Time range</Label>
            <Select
              value={String(days)}
              onValueChange={(value) => {
                const next = usageRanges.find((r) => String(r.days) === value);
                if (next) setDays(next.days);
              }}
            >
              <SelectTrigger id={rangeSelectId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {usageRanges.map((r) => (
                  <SelectItem key={r.days} value={String(r.days)}>
                    {r.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <p className="text-sm text-muted-foreground">
            {formatCount(selected.usage_count)} requests in all · last used{' '}
            {formatLastUsed(selected.last_used_at, now).toLowerCase()}
          </p>
        </div>

        {stats.isPending ? (
          <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading usage">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-56 w-full" />
          </div>
        ) : stats.isError ? (
          <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
            <span>The usage could not be loaded: {errorMessage(stats.error, 'unknown error')}</span>
            <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
              Retry
            </Button>
          </Card>
        ) : (
          <>
            <ul
              aria-label={`Totals, ${range.label.toLowerCase()}`}
              className={cn('grid gap-3 sm:grid-cols-3', busy && 'opacity-60')}
              aria-busy={busy || undefined}
            >
              {usageParts.map((part) => (
                <li key={part.key}>
                  <Card className="flex flex-col gap-1 p-4">
                    <span className="flex items-center gap-2 text-sm text-muted-foreground">
                      <span aria-hidden="true" className={cn('size-2 rounded-sm bg-current', part.colourClass)} />
                      {part.label}
                    </span>
                    <span className="text-2xl font-semibold tabular-nums">
                      {formatCount(stats.data.totals[part.key])}
                    </span>
                  </Card>
                </li>
              ))}
            </ul>
            {all === 0 ? (
              <Card className="p-8 text-center text-sm text-muted-foreground">{NO_REQUESTS_MESSAGE}</Card>
            ) : (
              <Card className="p-4">
                <UsageChart days={stats.data.days} rangeLabel={range.label} busy={busy} />
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
          Analytics
        </h2>
        <p className="text-sm text-muted-foreground">
          Requests per day made with a key: allowed, refused for its rate limit, and rejected.
        </p>
      </div>
      {body}
    </section>
  );
}

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-2 p-8 text-center">
      <ChartColumnIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <h3 className="font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
    </Card>
  );
}
