import { auditActions, auditQuerySchema, type AuditEntry } from '@nuvem/contracts/orgs';
import { DownloadIcon, Loader2Icon, ScrollTextIcon } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadingSkeletons } from '@/components/load-state';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useFormat } from '@/lib/format';
import { useAuditEntries } from '../../api/audit-get-entries';
import {
  auditCsvUrl,
  auditRangeValid,
  hasAuditFilters,
  noAuditFilters,
  type AuditFilters,
} from '../../api/audit-query';
import { SettingsLoadError, SettingsPanel } from './settings-panel';

/** The action select's 'no filter' choice (a Radix select has no empty value). */
const ALL = 'all';
/** The API's limit on the person filter, read from the contract. */
const ACTOR_MAX_LENGTH = auditQuerySchema.shape.actor.unwrap().maxLength ?? undefined;

/**
 * The organisation's audit log (audit:read): filters by action, person and days, newest first,
 * page by page ('Load more'), and the same filters as a CSV download.
 */
export function AuditSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'audit' });
  const [draft, setDraft] = useState<AuditFilters>(noAuditFilters);
  const [applied, setApplied] = useState<AuditFilters>(noAuditFilters);
  const rangeValid = auditRangeValid(draft);
  const log = useAuditEntries(organisationId, applied);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  const apply = (event: SyntheticEvent) => {
    event.preventDefault();
    if (rangeValid) setApplied({ ...draft, actor: draft.actor.trim() });
  };
  const clear = () => {
    setDraft(noAuditFilters);
    setApplied(noAuditFilters);
  };

  return (
    <SettingsPanel
      title={t('title')}
      description={t('description')}
      actions={
        <a
          href={auditCsvUrl(organisationId, applied)}
          download
          aria-label={t('exportLabel')}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <DownloadIcon aria-hidden="true" />
          {t('exportCsv')}
        </a>
      }
    >
      <AuditFiltersForm draft={draft} onChange={setDraft} rangeValid={rangeValid} onApply={apply} onClear={clear} />
      {log.isPending ? (
        <LoadingSkeletons
          label={t('loading')}
          className="gap-2"
          blocks={['h-10 w-full', 'h-10 w-full', 'h-10 w-full']}
        />
      ) : log.isError && entries.length === 0 ? (
        <SettingsLoadError
          title={t('loadError')}
          error={log.error}
          retrying={log.isFetching}
          onRetry={() => void log.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyState icon={ScrollTextIcon} title={hasAuditFilters(applied) ? t('emptyFiltered') : t('empty')}>
          {t('description')}
        </EmptyState>
      ) : (
        <>
          <AuditTable entries={entries} />
          {log.isFetchNextPageError && (
            <SettingsLoadError title={t('loadError')} error={log.error} onRetry={() => void log.fetchNextPage()} />
          )}
          {log.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage && (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              )}
              {log.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
            </Button>
          ) : (
            <p className="text-center text-xs text-muted-foreground">{t('end')}</p>
          )}
        </>
      )}
    </SettingsPanel>
  );
}

function AuditFiltersForm({
  draft,
  onChange,
  rangeValid,
  onApply,
  onClear,
}: {
  draft: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  rangeValid: boolean;
  onApply: (event: SyntheticEvent) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'audit' });
  return (
    <form
      role="search"
      aria-label={t('filters')}
      onSubmit={onApply}
      noValidate
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(10rem,1fr)_minmax(10rem,1fr)_auto_auto_auto] lg:items-end"
    >
      <FormField label={t('action')}>
        {(control) => (
          <Select
            value={draft.action || ALL}
            onValueChange={(value) =>
              onChange({ ...draft, action: auditActions.find((action) => action === value) ?? '' })
            }
          >
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('allActions')}</SelectItem>
              {auditActions.map((action) => (
                <SelectItem key={action} value={action}>
                  {t(`actions.${action}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label={t('actor')}>
        {(control) => (
          <Input
            {...control}
            type="search"
            maxLength={ACTOR_MAX_LENGTH}
            placeholder={t('actorPlaceholder')}
            value={draft.actor}
            onChange={(event) => onChange({ ...draft, actor: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={t('from')} error={rangeValid ? undefined : t('badRange')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(event) => onChange({ ...draft, from: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={t('to')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(event) => onChange({ ...draft, to: event.target.value })}
          />
        )}
      </FormField>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" disabled={!rangeValid}>
          {t('apply')}
        </Button>
        <Button type="button" variant="ghost" onClick={onClear}>
          {t('clear')}
        </Button>
      </div>
    </form>
  );
}

/** Who acted: their address, or 'System' for a job or a webhook; an API key says so. */
function Actor({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'audit' });
  return (
    <span className="flex flex-col">
      <span className="break-all">{entry.actor.email ?? t('system')}</span>
      {entry.actor.via === 'api_key' && <span className="text-xs text-muted-foreground">{t('viaKey')}</span>}
    </span>
  );
}

/** What kinds of things the server's audit entries name (an unknown one shows as the server wrote it). */
const targetTypes = ['api_key', 'container', 'flow', 'invitation', 'member', 'organisation', 'plan'] as const;
const isTargetType = (type: string): type is (typeof targetTypes)[number] =>
  (targetTypes as readonly string[]).includes(type);

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'audit.targets' });
  const name = entry.target.label ?? entry.target.id;
  const type = entry.target.type;
  return (
    <span className="flex flex-col">
      {name && <span className="break-all">{name}</span>}
      <span className="text-xs text-muted-foreground">{isTargetType(type) ? t(type) : type}</span>
    </span>
  );
}

/** The entries, newest first; the table scrolls sideways on a phone, the time staying on one line. */
function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'audit' });
  const f = useFormat();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('when')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('who')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('what')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('target')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('ip')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-glass-border align-top">
              <td className="py-2 pr-3 whitespace-nowrap">
                <time dateTime={entry.at}>{f.dateTime(entry.at)}</time>
              </td>
              <td className="py-2 pr-3">
                <Actor entry={entry} />
              </td>
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {t(`actions.${entry.action}`)}
              </th>
              <td className="py-2 pr-3">
                <Target entry={entry} />
              </td>
              <td className="py-2 font-mono text-xs whitespace-nowrap">{entry.ip ?? t('unknownIp')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
