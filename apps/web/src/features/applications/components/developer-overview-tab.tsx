import type { Application } from '@nuvem/contracts/applications';
import { ActivityIcon, AppWindowIcon, KeyRoundIcon, ShieldCheckIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiKeys } from '../api/get-api-keys';
import { activeKeyCount, formatCount, totalRequests } from '../lib/developer-figures';
import { QuickStartPanel } from './quick-start-panel';

export const developerOverviewTexts = {
  summary: 'Developer summary',
  totalRequests: 'Total API Requests',
  activeKeys: 'Active API Keys',
  applications: 'Applications',
  securityLevel: 'Security Level',
  /** Spec: a fixed security level and figure. */
  enterprise: 'Enterprise',
  uptime: '99.9%',
  uptimeSuffix: ' uptime SLA',
  unavailable: '—',
} as const;

interface Figure {
  label: string;
  icon: LucideIcon;
  /** Undefined while loading: a skeleton stands in. */
  value: string | undefined;
  hint?: ReactNode;
}

/**
 * Spec: the Overview cards — total API requests and active API keys of the selected application
 * (revoked keys count towards requests: their requests happened), the number of applications,
 * the fixed 'Enterprise' security level — and the Quick start panel below.
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
  const keys = useApiKeys(application?.id, true);
  const keyFigure = (compute: () => number): string | undefined => {
    if (!application) return loading ? undefined : '0';
    if (keys.data) return formatCount(compute());
    return keys.isError ? developerOverviewTexts.unavailable : undefined;
  };
  const keysHint = application ? `For ${application.app_name}` : undefined;

  const figures: Figure[] = [
    {
      label: developerOverviewTexts.totalRequests,
      icon: ActivityIcon,
      value: keyFigure(() => totalRequests(keys.data ?? [])),
      hint: keys.isError ? 'The API keys could not be loaded' : keysHint,
    },
    {
      label: developerOverviewTexts.activeKeys,
      icon: KeyRoundIcon,
      value: keyFigure(() => activeKeyCount(keys.data ?? [])),
      hint: keys.isError ? 'The API keys could not be loaded' : keysHint,
    },
    {
      label: developerOverviewTexts.applications,
      icon: AppWindowIcon,
      value: applications ? formatCount(applications.length) : loading ? undefined : developerOverviewTexts.unavailable,
    },
    {
      label: developerOverviewTexts.securityLevel,
      icon: ShieldCheckIcon,
      value: developerOverviewTexts.enterprise,
      hint: (
        <>
          <span>{developerOverviewTexts.uptime}</span>
          {developerOverviewTexts.uptimeSuffix}
        </>
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <dl aria-label={developerOverviewTexts.summary} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
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
