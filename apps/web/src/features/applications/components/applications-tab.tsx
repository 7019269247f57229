import type { Application } from '@nuvem/contracts/applications';
import { AppWindowIcon, PlusIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '../lib/developer-figures';
import { CopyButton } from './application-copy-button';
import { createApplicationTexts } from './create-application-dialog';

export const applicationsTabTexts = {
  title: 'Applications',
  description: 'Your OAuth clients: each has a client ID, a client secret and its own API keys.',
  listLabel: 'Your applications',
  active: 'Active',
  clientId: 'Client ID',
  created: 'Created',
  redirectUris: 'Redirect URIs',
  allowedOrigins: 'Allowed Origins',
  none: 'None',
  emptyTitle: 'No applications yet',
  emptyText: 'Create an application to get a client ID and generate API keys for the platform API.',
  clientIdCopied: 'Client ID copied to clipboard',
} as const;

function UriList({ label, entries }: { label: string; entries: string[] }) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0">
        {entries.length === 0 ? (
          <span className="text-sm text-muted-foreground">{applicationsTabTexts.none}</span>
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
  const headingId = `application-${application.id}`;
  return (
    <Card role="article" aria-labelledby={headingId} className="grid gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="min-w-0 truncate text-lg font-semibold">
          {application.app_name}
        </h3>
        {/* Spec 4: applications are all shown as 'Active'. */}
        <Badge variant="success">{applicationsTabTexts.active}</Badge>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="grid min-w-0 gap-1">
          <dt className="text-xs text-muted-foreground">{applicationsTabTexts.clientId}</dt>
          <dd className="flex min-w-0 items-center gap-2">
            <code className="min-w-0 truncate rounded bg-glass-strong px-2 py-1 text-xs">{application.client_id}</code>
            <CopyButton
              value={application.client_id}
              label={`Copy client ID of ${application.app_name}`}
              copiedMessage={applicationsTabTexts.clientIdCopied}
            />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">{applicationsTabTexts.created}</dt>
          <dd className="text-sm">
            <time dateTime={application.created_at}>{formatDate(application.created_at)}</time>
          </dd>
        </div>
        <UriList label={applicationsTabTexts.redirectUris} entries={application.redirect_uris} />
        <UriList label={applicationsTabTexts.allowedOrigins} entries={application.allowed_origins} />
      </dl>
    </Card>
  );
}

/** An invitation to create the first application (Applications and Settings tabs). */
export function NoApplications({ onCreate, text }: { onCreate: () => void; text?: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-glass-strong">
        <AppWindowIcon aria-hidden="true" className="size-6 text-primary" />
      </span>
      <h3 className="text-lg font-semibold">{applicationsTabTexts.emptyTitle}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{text ?? applicationsTabTexts.emptyText}</p>
      <Button onClick={onCreate}>
        <PlusIcon aria-hidden="true" />
        {createApplicationTexts.open}
      </Button>
    </Card>
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
  const empty = applications?.length === 0;
  return (
    <section aria-labelledby="applications-tab-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="applications-tab-heading" className="text-xl font-semibold">
            {applicationsTabTexts.title}
          </h2>
          <p className="text-sm text-muted-foreground">{applicationsTabTexts.description}</p>
        </div>
        {/* With no application the empty state carries the one create button. */}
        {applications && !empty && (
          <Button onClick={onCreate}>
            <PlusIcon aria-hidden="true" />
            {createApplicationTexts.open}
          </Button>
        )}
      </div>
      {loading && !applications ? (
        <div aria-busy="true" aria-label="Loading applications" className="grid gap-4">
          {[0, 1].map((i) => (
            <Card key={i} className="grid gap-4 p-5">
              <Skeleton className="h-6 w-48" />
              <Skeleton className="h-4 w-72" />
              <Skeleton className="h-4 w-56" />
            </Card>
          ))}
        </div>
      ) : empty ? (
        <NoApplications onCreate={onCreate} />
      ) : applications ? (
        <ul aria-label={applicationsTabTexts.listLabel} className="grid gap-4">
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
