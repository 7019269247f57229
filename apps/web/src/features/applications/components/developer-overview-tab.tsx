import type { Application } from '@nuvem/contracts/applications';
import { ActivityIcon, AppWindowIcon, KeyRoundIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiKeys } from '../api/get-api-keys';
import { useFormat } from '@/lib/format';
import { activeKeyCount, totalRequests } from '../lib/developer-figures';
import { QuickStartPanel } from './quick-start-panel';

interface Figure {
  label: string;
  icon: LucideIcon;
  /** Undefined while loading: a skeleton stands in. */
  value: string | undefined;
  hint?: ReactNode;
}

/**
 * Spec: the Overview cards — API requests and active API keys (of the selected application, and
 * labelled with its name: the figures are that application's, not the account's; revoked keys
 * count towards requests: their requests happened), the number of applications — and the Quick
 * start panel below. The spec's fixed 'Enterprise' security level with '99.9%' is left out
 * (issue 35): it told every user, a new Free one too, a security level and an uptime promise
 * nothing in the product measures or gives.
 */
export function DeveloperOverviewTab({
  application,
  applications,
  loading,
}: {
  application: Application | undefined;
  applications: Application[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('applications');
  const f = useFormat();
  const keys = useApiKeys(application?.id, true);
  const keyFigure = (compute: () => number): string | undefined => {
    if (!application) return loading ? undefined : f.count(0);
    if (keys.data) return f.count(compute());
    return keys.isError ? t('overview.unavailable') : undefined;
  };
  const keysHint = (hint: string) => {
    if (!application) return loading ? undefined : t('overview.noApplicationHint');
    return keys.isError ? t('overview.keysFailed') : hint;
  };
  const named = application ? { application: application.app_name } : undefined;

  const figures: Figure[] = [
    {
      label: named ? t('overview.requests', named) : t('overview.requestsNone'),
      icon: ActivityIcon,
      value: keyFigure(() => totalRequests(keys.data ?? [])),
      hint: keysHint(t('overview.requestsHint')),
    },
    {
      label: named ? t('overview.activeKeys', named) : t('overview.activeKeysNone'),
      icon: KeyRoundIcon,
      value: keyFigure(() => activeKeyCount(keys.data ?? [])),
      hint: keysHint(t('overview.activeKeysHint')),
    },
    {
      label: t('overview.applications'),
      icon: AppWindowIcon,
      value: applications ? f.count(applications.length) : loading ? undefined : t('overview.unavailable'),
    },
  ];

  return (
    <div className="grid gap-6">
      <dl aria-label={t('overview.summary')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map((figure) => (
          <Card
            key={figure.label}
            className="grid content-start gap-1 p-4"
            aria-busy={figure.value === undefined || undefined}
          >
            {/* dt straight inside the card's div: a dl only groups dt and dd one level down. */}
            <dt className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
              {figure.label}
              <figure.icon aria-hidden="true" className="size-4" />
            </dt>
            <dd className="text-2xl font-bold tabular-nums">{figure.value ?? <Skeleton className="h-8 w-16" />}</dd>
            {figure.hint && <dd className="text-xs text-muted-foreground">{figure.hint}</dd>}
          </Card>
        ))}
      </dl>
      <QuickStartPanel application={application} />
    </div>
  );
}
