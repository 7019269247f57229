import type { Application } from '@nuvem/contracts/applications';
import { AppWindowIcon, PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadingSkeletons } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { CopyButton } from './application-copy-button';

function UriList({ label, entries }: { label: string; entries: string[] }) {
  const { t } = useTranslation('applications');
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0">
        {entries.length === 0 ? (
          <span className="text-sm text-muted-foreground">{t('applicationsTab.none')}</span>
        ) : (
          <ul aria-label={label} className="grid gap-0.5">
            {entries.map((entry) => (
              <li key={entry} className="truncate font-mono text-xs" title={entry}>
                {entry}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}

function ApplicationCard({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const f = useFormat();
  const headingId = `application-${application.id}`;
  return (
    <Card role="article" aria-labelledby={headingId} className="grid gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="min-w-0 truncate text-lg font-semibold">
          {application.app_name}
        </h3>
        {/* Spec 4: applications are all shown as 'Active'. */}
        <Badge variant="success">{t('applicationsTab.active')}</Badge>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="grid min-w-0 gap-1">
          <dt className="text-xs text-muted-foreground">{t('applicationsTab.clientId')}</dt>
          <dd className="flex min-w-0 items-center gap-2">
            <code className="min-w-0 truncate rounded bg-glass-strong px-2 py-1 text-xs">{application.client_id}</code>
            <CopyButton
              value={application.client_id}
              label={t('applicationsTab.copyClientIdOf', { name: application.app_name })}
              copiedMessage={t('applicationsTab.clientIdCopied')}
            />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">{t('applicationsTab.created')}</dt>
          <dd className="text-sm">
            <time dateTime={application.created_at}>{f.date(application.created_at)}</time>
          </dd>
        </div>
        <UriList label={t('applicationsTab.redirectUris')} entries={application.redirect_uris} />
        <UriList label={t('applicationsTab.allowedOrigins')} entries={application.allowed_origins} />
      </dl>
    </Card>
  );
}

/** An invitation to create the first application (Applications and Settings tabs). */
export function NoApplications({ onCreate, text }: { onCreate: () => void; text?: string }) {
  const { t } = useTranslation('applications');
  const canWrite = useCan('apps:write');
  return (
    <EmptyState
      icon={AppWindowIcon}
      title={t('applicationsTab.emptyTitle')}
      action={
        canWrite && (
          <Button onClick={onCreate}>
            <PlusIcon aria-hidden="true" />
            {t('createApplication.open')}
          </Button>
        )
      }
    >
      {text ?? t('applicationsTab.emptyText')}
    </EmptyState>
  );
}

/**
 * Spec: the Applications tab — every application as a card ('Active', client ID with copy,
 * created date, redirect URIs and allowed origins), and 'Create Application'. `applications` is
 * undefined while loading (skeletons) or when the list failed (the dashboard says why).
 */
export function ApplicationsTab({
  applications,
  loading,
  onCreate,
}: {
  applications: Application[] | undefined;
  loading: boolean;
  onCreate: () => void;
}) {
  const { t } = useTranslation('applications');
  // A role without apps:write (a viewer) is not offered 'Create Application'; the server refuses anyway.
  const canWrite = useCan('apps:write');
  const empty = applications?.length === 0;
  return (
    <section aria-labelledby="applications-tab-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="applications-tab-heading" className="text-xl font-semibold">
            {t('applicationsTab.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('applicationsTab.description')}</p>
        </div>
        {/* With no application the empty state carries the one create button. */}
        {canWrite && applications && !empty && (
          <Button onClick={onCreate}>
            <PlusIcon aria-hidden="true" />
            {t('createApplication.open')}
          </Button>
        )}
      </div>
      {loading && !applications ? (
        <LoadingSkeletons label={t('applicationsTab.loading')} className="grid gap-4">
          {[0, 1].map((i) => (
            <Card key={i} className="grid gap-4 p-5">
              <Skeleton className="h-6 w-48" />
              <Skeleton className="h-4 w-72" />
              <Skeleton className="h-4 w-56" />
            </Card>
          ))}
        </LoadingSkeletons>
      ) : empty ? (
        <NoApplications onCreate={onCreate} />
      ) : applications ? (
        <ul aria-label={t('applicationsTab.listLabel')} className="grid gap-4">
          {applications.map((application) => (
            <li key={application.id}>
              <ApplicationCard application={application} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
