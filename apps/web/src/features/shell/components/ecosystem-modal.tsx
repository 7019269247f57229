import { PRODUCT_NAME, type EcosystemApp } from '@nuvem/contracts/ecosystem';
import { ExternalLinkIcon, RefreshCwIcon } from 'lucide-react';
import { useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useEcosystemApps } from '../api/get-ecosystem-apps';
import { ecosystemStatusSummary, isEcosystemAppOpen } from '../lib/ecosystem-status';
import { EcosystemIcon } from './ecosystem-icon';

export interface EcosystemModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where focus goes back on close. The modal is opened by buttons outside it (the header's
   * nine-dot button, the home app's 'Explorar'), not by a Dialog.Trigger, so Radix cannot know.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** Spec 1, "Ecosystem modal": the integrated applications, their status, a way into each. */
export function EcosystemModal({ open, onOpenChange, returnFocusRef }: EcosystemModalProps) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const apps = useEcosystemApps({ enabled: open });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-4xl gap-6 p-4 sm:p-6"
        onCloseAutoFocus={(event) => {
          const target = returnFocusRef?.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader className="pr-8">
          <DialogTitle className="text-xl sm:text-2xl">{t('ecosystem.title', { product: PRODUCT_NAME })}</DialogTitle>
          <DialogDescription>{t('ecosystem.subtitle')}</DialogDescription>
        </DialogHeader>

        {apps.isPending ? (
          <ul aria-label={t('ecosystem.loading')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 9 }, (_, index) => (
              <li key={index}>
                <Skeleton className="h-32 w-full rounded-xl" />
              </li>
            ))}
          </ul>
        ) : apps.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="font-medium">{t('ecosystem.loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{apps.error.message}</p>
            <Button variant="outline" onClick={() => void apps.refetch()} disabled={apps.isFetching}>
              <RefreshCwIcon
                aria-hidden="true"
                className={cn(apps.isFetching && 'animate-spin motion-reduce:animate-none')}
              />
              {tCommon('actions.retry')}
            </Button>
          </div>
        ) : (
          <ul aria-label={t('ecosystem.applications')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {apps.data.apps.map((app) => (
              <li key={app.id}>
                <EcosystemCard app={app} />
              </li>
            ))}
          </ul>
        )}

        <footer className="flex flex-col gap-2 border-t border-glass-border pt-4 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>{t('ecosystem.footer')}</p>
          {apps.isSuccess && <StatusIndicator apps={apps.data.apps} />}
        </footer>
      </DialogContent>
    </Dialog>
  );
}

function StatusIndicator({ apps }: { apps: EcosystemApp[] }) {
  const { t } = useTranslation('shell');
  const summary = ecosystemStatusSummary(apps);
  const text =
    summary.kind === 'operational'
      ? t('ecosystem.allOperational')
      : summary.kind === 'reachable'
        ? t('ecosystem.reachable', { reachable: summary.reachable, count: summary.total })
        : summary.kind === 'problems'
          ? t('ecosystem.problems', { count: summary.problems })
          : t('ecosystem.checking');
  return (
    <p role="status" className="flex items-center gap-2 font-medium text-foreground">
      <span
        aria-hidden="true"
        className={cn(
          'size-2.5 shrink-0 rounded-full',
          summary.kind === 'operational'
            ? 'bg-success'
            : summary.kind === 'checking'
              ? 'bg-muted-foreground'
              : 'bg-warning',
        )}
      />
      {text}
    </p>
  );
}

function EcosystemCard({ app }: { app: EcosystemApp }) {
  const { t } = useTranslation('shell');
  const descriptionId = useId();
  const unreachable = app.reachability === 'unreachable';
  // The server's check failing says more than the status it implies (degraded): say what it found.
  const statusLabel = unreachable ? t('ecosystem.unreachable') : t(`ecosystem.status.${app.status}`);
  const active = isEcosystemAppOpen(app);
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-lg"
          style={{ backgroundColor: `${app.color}33` }}
        >
          <EcosystemIcon name={app.icon} color={app.color} className="size-5" />
        </span>
        <Badge variant={active ? 'success' : unreachable || app.status === 'degraded' ? 'warning' : 'secondary'}>
          {statusLabel}
        </Badge>
      </div>
      <h3 className="mt-3 flex items-center gap-1.5 font-semibold">
        {app.name}
        {active && <ExternalLinkIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />}
      </h3>
      <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
        {app.description}
        {active ? (
          <span className="sr-only"> {t('ecosystem.opensInNewTab')}</span>
        ) : (
          <span className="sr-only"> {t('ecosystem.notAvailable', { status: statusLabel })}</span>
        )}
      </p>
    </>
  );
  const cardClass = 'block h-full rounded-xl border border-glass-border p-4';
  const accent = { borderTopColor: app.color, borderTopWidth: 3 };

  if (active) {
    return (
      <a
        href={app.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={app.name}
        aria-describedby={descriptionId}
        className={cn(cardClass, 'bg-glass transition-colors hover:bg-glass-strong focus-visible:outline-offset-2')}
        style={accent}
      >
        {body}
      </a>
    );
  }
  return (
    <div
      role="group"
      aria-label={app.name}
      aria-describedby={descriptionId}
      aria-disabled="true"
      className={cn(cardClass, 'cursor-not-allowed bg-glass/40 opacity-55 grayscale')}
      style={accent}
    >
      {body}
    </div>
  );
}
