import { lazy, Suspense, useId, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/layouts/spinner';
import { toast } from '@/components/ui/sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage, notify } from '@/lib/notify';
import { useApplications } from '../api/get-applications';
import { ClientSecretDialog, clientSecretDialogTexts, type RevealedSecret } from './application-secret-dialog';
import { ApplicationsTab } from './applications-tab';
import { CreateApplicationDialog, type CreatedApplication } from './create-application-dialog';
import { DeveloperOverviewTab } from './developer-overview-tab';

// The tabs a visitor does not land on are fetched when first opened, so the Overview's first paint
// does not wait for their code.
const ApiKeysTab = lazy(() => import('./api-keys-tab').then((m) => ({ default: m.ApiKeysTab })));
const AnalyticsTab = lazy(() => import('./analytics-tab').then((m) => ({ default: m.AnalyticsTab })));
const ApplicationSettingsTab = lazy(() =>
  import('./application-settings-tab').then((m) => ({ default: m.ApplicationSettingsTab })),
);

export const developerTabs = ['overview', 'applications', 'api-keys', 'analytics', 'containers', 'settings'] as const;
export type DeveloperTab = (typeof developerTabs)[number];

export const developerDashboardTexts = {
  tabs: {
    overview: 'Overview',
    applications: 'Applications',
    'api-keys': 'API Keys',
    analytics: 'Analytics',
    containers: 'Containers',
    settings: 'Settings',
  } satisfies Record<DeveloperTab, string>,
  tabList: 'Developer dashboard',
  selector: 'Application',
  loadFailed: 'Failed to load applications',
  created: 'Application created successfully',
  clientSecret: 'Client secret:',
  retry: 'Retry',
} as const;

/** The search parameter that keeps the chosen tab across reloads and history. */
export const TAB_PARAM = 'tab';

/** Spec 9: the client-secret toast lasts 10 s. */
export const CLIENT_SECRET_TOAST_MS = 10_000;

function asTab(value: string | null): DeveloperTab {
  return developerTabs.find((tab) => tab === value) ?? 'overview';
}

/**
 * Spec, "Developer dashboard": tabs Overview, Applications, API Keys, Analytics, Containers and
 * Settings (the tab kept in `?tab=`), the application selector when there is more than one, and
 * the create-application flow with its one-time client secret. The container dashboard comes in
 * through `containersTab`: features do not import each other, app/ composes them.
 */
export function DeveloperDashboard({ containersTab }: { containersTab: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = asTab(searchParams.get(TAB_PARAM));
  const applications = useApplications();
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);
  const list = applications.data;
  // The choice survives a refresh of the list; once it is gone (deleted) the first one is used.
  const selected = list?.find((application) => application.id === chosenId) ?? list?.[0];

  const failure = applications.isError ? errorMessage(applications.error, developerDashboardTexts.loadFailed) : '';
  const unauthorized = failure.includes('Unauthorized');

  // Spec 8: 'Failed to load applications', except when the message says 'Unauthorized' (the
  // inline alert says it then). Once per failure, however often the effect runs.
  const notifiedFailure = useRef(0);
  useEffect(() => {
    if (!applications.isError || unauthorized) return;
    if (notifiedFailure.current === applications.errorUpdatedAt) return;
    notifiedFailure.current = applications.errorUpdatedAt;
    notify.error(developerDashboardTexts.loadFailed);
  }, [applications.isError, applications.errorUpdatedAt, unauthorized]);

  const setTab = (value: string) => {
    const next = asTab(value);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'overview') params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
        return params;
      },
      { replace: true },
    );
  };

  // The create dialog opens from several buttons (some of which the new application replaces):
  // focus goes back to the opener when it is still there, else to the current tab.
  const [createOpen, setCreateOpen] = useState(false);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const tabList = useRef<HTMLDivElement>(null);

  const openCreate = () => {
    const focused = document.activeElement;
    opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    setCreateOpen(true);
  };

  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected
      ? opener.current
      : tabList.current?.querySelector<HTMLElement>('[data-state="active"]');
    target?.focus();
  };

  const onCreated = ({ application, clientSecret }: CreatedApplication) => {
    setChosenId(application.id);
    setCreateOpen(false);
    // Spec 9: the secret in a toast for 10 s, and in a dialog until 'I've Saved the Secret'.
    toast.success('Success', {
      description: (
        <div className="grid gap-1">
          <p>{developerDashboardTexts.created}</p>
          <p>
            {developerDashboardTexts.clientSecret} <code className="break-all">{clientSecret}</code>
          </p>
        </div>
      ),
      duration: CLIENT_SECRET_TOAST_MS,
    });
    setRevealed({
      title: clientSecretDialogTexts.createdTitle,
      applicationName: application.app_name,
      clientId: application.client_id,
      clientSecret,
    });
  };

  const selectorId = useId();
  const loading = applications.isPending;
  const known = list !== undefined || loading;

  return (
    <div className="grid gap-4">
      {list && list.length > 1 && selected && (
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={selectorId}>{developerDashboardTexts.selector}</Label>
          <Select value={selected.id} onValueChange={setChosenId}>
            <SelectTrigger id={selectorId} className="w-full sm:w-72">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {list.map((application) => (
                <SelectItem key={application.id} value={application.id}>
                  {application.app_name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}

      {applications.isError && (unauthorized || !list) && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
        >
          <p>{unauthorized ? failure : `The applications could not be loaded: ${failure}`}</p>
          {!unauthorized && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => void applications.refetch()}
              disabled={applications.isFetching}
            >
              {developerDashboardTexts.retry}
            </Button>
          )}
        </div>
      )}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList ref={tabList} aria-label={developerDashboardTexts.tabList}>
          {developerTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {developerDashboardTexts.tabs[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <DeveloperOverviewTab application={selected} applications={list} loading={loading} />
        </TabsContent>
        <TabsContent value="applications">
          <ApplicationsTab applications={list} loading={loading} onCreate={openCreate} />
        </TabsContent>
        <TabsContent value="api-keys">
          <Suspense fallback={<Spinner className="py-12" />}>
            <ApiKeysTab application={selected} />
          </Suspense>
        </TabsContent>
        <TabsContent value="analytics">
          <Suspense fallback={<Spinner className="py-12" />}>
            <AnalyticsTab application={selected} />
          </Suspense>
        </TabsContent>
        <TabsContent value="containers">{containersTab}</TabsContent>
        <TabsContent value="settings">
          {known && (
            <Suspense fallback={<Spinner className="py-12" />}>
              <ApplicationSettingsTab application={selected} loading={loading} onCreate={openCreate} />
            </Suspense>
          )}
        </TabsContent>
      </Tabs>

      <CreateApplicationDialog
        open={createOpen}
        onOpenChange={setCreateOpen}
        onCreated={onCreated}
        onCloseAutoFocus={(event) => {
          // On success the secret dialog takes focus; otherwise focus returns to the opener.
          if (revealed) event.preventDefault();
          else restoreFocus(event);
        }}
      />
      <ClientSecretDialog secret={revealed} onClose={() => setRevealed(null)} onCloseAutoFocus={restoreFocus} />
    </div>
  );
}
