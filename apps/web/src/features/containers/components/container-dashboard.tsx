import { useQueryClient } from '@tanstack/react-query';
import { PlusIcon, RefreshCwIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/layouts/spinner';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCan } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { containerKeys } from '../api/container-request';
import { useContainerDriver } from '../api/get-container-driver';
import { ContainersTab } from './containers-tab';
import { DemoModeBanner } from './demo-mode-banner';
import { OverviewTab } from './overview-tab';
import { SettingsTab } from './settings-tab';

// Loaded when first needed: the wizard (key generation, templates) and the charts are most of the
// dashboard's code, and the list and overview should not wait for them.
const CreateContainerWizard = lazy(() =>
  import('./create-container-wizard').then((m) => ({ default: m.CreateContainerWizard })),
);
const MetricsTab = lazy(() => import('./metrics-tab').then((m) => ({ default: m.MetricsTab })));

const tabs = ['overview', 'containers', 'metrics', 'settings'] as const;
export type ContainerDashboardTab = (typeof tabs)[number];

/**
 * Spec 2, "Container dashboard": the header (refresh, New Container), the Demo mode banner and
 * the four tabs. The tab is controlled so the Overview's Quick Actions can switch it.
 */
export function ContainerDashboard() {
  const { t } = useTranslation('containers');
  // 'New Container' only for a role that may create (not a viewer); the server refuses anyway.
  const canWrite = useCan('containers:write');
  const queryClient = useQueryClient();
  const driver = useContainerDriver();
  const [tab, setTab] = useState<ContainerDashboardTab>('overview');
  // The container the Metrics tab opens on when reached from a container's menu.
  const [metricsContainer, setMetricsContainer] = useState<string | undefined>(undefined);
  const [refreshing, setRefreshing] = useState(false);
  const [wizardOpen, setWizardOpen] = useState(false);
  // Once opened the wizard stays mounted, so its closing animation and focus return still run.
  const [wizardLoaded, setWizardLoaded] = useState(false);
  const wizardOpener = useRef<HTMLElement | null>(null);

  const refresh = async () => {
    setRefreshing(true);
    try {
      // Every container query (list, summary, metrics) refetches; the promise ends when they have.
      await queryClient.invalidateQueries({ queryKey: containerKeys.all });
    } finally {
      setRefreshing(false);
    }
  };

  const openWizard = () => {
    const focused = document.activeElement;
    wizardOpener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    setWizardLoaded(true);
    setWizardOpen(true);
  };

  // The wizard has no trigger of its own (it opens from several buttons): focus goes back to the
  // button that opened it.
  useEffect(() => {
    if (wizardOpen) return;
    const opener = wizardOpener.current;
    wizardOpener.current = null;
    if (opener?.isConnected) opener.focus();
  }, [wizardOpen]);

  const tabList = useRef<HTMLDivElement>(null);
  // From a button inside a panel (which then unmounts): focus follows to the tab it opened.
  const goTo = (next: ContainerDashboardTab) => {
    setTab(next);
    tabList.current?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };

  const viewMetrics = (id?: string) => {
    setMetricsContainer(id);
    goTo('metrics');
  };

  return (
    <section aria-labelledby="container-dashboard-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id="container-dashboard-heading" className="text-2xl font-bold tracking-tight">
            {t('dashboard.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('dashboard.description')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => void refresh()}
            disabled={refreshing}
            aria-busy={refreshing || undefined}
          >
            <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin motion-reduce:animate-none')} />
            {t('dashboard.refresh')}
          </Button>
          {canWrite && (
            <Button onClick={openWizard}>
              <PlusIcon aria-hidden="true" />
              {t('dashboard.newContainer')}
            </Button>
          )}
        </div>
      </div>

      {driver.data === 'demo' && <DemoModeBanner />}

      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = tabs.find((t) => t === value);
          if (next) setTab(next);
        }}
      >
        <TabsList ref={tabList} aria-label={t('dashboard.tabsLabel')}>
          <TabsTrigger data-tab="overview" value="overview">
            {t('dashboard.tabs.overview')}
          </TabsTrigger>
          <TabsTrigger data-tab="containers" value="containers">
            {t('dashboard.tabs.containers')}
          </TabsTrigger>
          <TabsTrigger data-tab="metrics" value="metrics">
            {t('dashboard.tabs.metrics')}
          </TabsTrigger>
          <TabsTrigger data-tab="settings" value="settings">
            {t('dashboard.tabs.settings')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab
            onCreate={openWizard}
            onViewContainers={() => goTo('containers')}
            onViewMetrics={() => viewMetrics()}
          />
        </TabsContent>
        <TabsContent value="containers">
          <ContainersTab onCreate={openWizard} onViewMetrics={viewMetrics} />
        </TabsContent>
        <TabsContent value="metrics">
          <Suspense fallback={<Spinner label={t('dashboard.loadingMetrics')} className="py-12" />}>
            <MetricsTab key={metricsContainer ?? 'all'} initialContainerId={metricsContainer} />
          </Suspense>
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
      </Tabs>

      {wizardLoaded && (
        <Suspense fallback={null}>
          <CreateContainerWizard open={wizardOpen} onOpenChange={setWizardOpen} />
        </Suspense>
      )}
    </section>
  );
}
