import { lazy, Suspense, useId, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/layouts/spinner';
import { LoadError } from '@/components/load-state';
import { toast } from '@/components/ui/sonner';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notify } from '@/lib/notify';
import { useApplications } from '../api/get-applications';
import { endedSession, failureReason } from '../lib/failure';
import { ClientSecretDialog, type RevealedSecret } from './application-secret-dialog';
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

/** Each tab's message key. */
const tabLabels = {
  overview: 'dashboard.tabs.overview',
  applications: 'dashboard.tabs.applications',
  'api-keys': 'dashboard.tabs.apiKeys',
  analytics: 'dashboard.tabs.analytics',
  containers: 'dashboard.tabs.containers',
  settings: 'dashboard.tabs.settings',
} as const satisfies Record<DeveloperTab, string>;

/** The search parameter that keeps the chosen tab across reloads and history. */
export const TAB_PARAM = 'tab';

/** Spec 9: the client-secret toast lasts 10 s. */
export const CLIENT_SECRET_TOAST_MS = 10_000;
const CLIENT_SECRET_TOAST_ID = 'client-secret';

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
  const { t } = useTranslation(['applications', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = asTab(searchParams.get(TAB_PARAM));
  const applications = useApplications();
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);
  const list = applications.data;
  // The choice survives a refresh of the list; once it is gone (deleted) the first one is used.
  const selected = list?.find((application) => application.id === chosenId) ?? list?.[0];

  // A 401 has ended the session: the auth provider says so, once, and replaces this page with its
  // sign-in prompt, so the dashboard adds nothing (spec 8 kept 'Unauthorized' out of this toast).
  const failed = applications.isError && !endedSession(applications.error);

  // Spec 8: 'Failed to load applications'. Once per failure, however often the effect runs.
  const notifiedFailure = useRef(0);
  useEffect(() => {
    if (!failed) return;
    if (notifiedFailure.current === applications.errorUpdatedAt) return;
    notifiedFailure.current = applications.errorUpdatedAt;
    notify.error(t('dashboard.loadFailed'));
  }, [failed, applications.errorUpdatedAt, t]);

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
    toast.success(t('common:status.success'), {
      description: (
        <div className="grid gap-1">
          <p>{t('dashboard.created')}</p>
          <p>
            {t('dashboard.clientSecret')} <code className="break-all">{clientSecret}</code>
          </p>
        </div>
      ),
      duration: CLIENT_SECRET_TOAST_MS,
      id: CLIENT_SECRET_TOAST_ID,
    });
    setRevealed({
      reason: 'created',
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
          <Label htmlFor={selectorId}>{t('dashboard.selector')}</Label>
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

      {failed && !list && (
        <LoadError
          layout="banner"
          message={t('dashboard.loadFailedDetail', { reason: failureReason(applications.error) })}
          retrying={applications.isFetching}
          onRetry={() => void applications.refetch()}
        />
      )}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList ref={tabList} aria-label={t('dashboard.tabList')}>
          {developerTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(tabLabels[value])}
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
          <Suspense fallback={<Spinner className="py-12" label={t('common:status.loading')} />}>
            <ApiKeysTab application={selected} />
          </Suspense>
        </TabsContent>
        <TabsContent value="analytics">
          <Suspense fallback={<Spinner className="py-12" label={t('common:status.loading')} />}>
            <AnalyticsTab application={selected} />
          </Suspense>
        </TabsContent>
        <TabsContent value="containers">{containersTab}</TabsContent>
        <TabsContent value="settings">
          {known && (
            <Suspense fallback={<Spinner className="py-12" label={t('common:status.loading')} />}>
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
      <ClientSecretDialog
        secret={revealed}
        onClose={() => {
          // Saved: the secret leaves the screen with the dialog, toast included (at most its 10 s).
          toast.dismiss(CLIENT_SECRET_TOAST_ID);
          setRevealed(null);
        }}
        onCloseAutoFocus={restoreFocus}
      />
    </div>
  );
}
