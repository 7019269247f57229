import { AlertTriangleIcon, Loader2Icon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFormat } from '@/lib/format';
import { useAgents } from '../api/get-agents';
import { useFlows } from '../api/get-flows';
import { useSecurityEvents } from '../api/get-security-events';
import { useWorkflowRealtime } from '../api/workflow-realtime';
import { AgentsTab } from './agents-tab';
import { KnowledgeTab } from './knowledge-tab';
import { OwaspBadge } from './owasp-badge';

// The builder brings React Flow: loaded when the Flows tab first opens, not with the dashboard.
const FlowsTab = lazy(() => import('./flows-tab').then((m) => ({ default: m.FlowsTab })));
// The Security tab brings the chart library: loaded when it first opens.
const SecurityTab = lazy(() => import('./security-tab').then((m) => ({ default: m.SecurityTab })));

/**
 * The dashboard's tabs, in order; the first is where it opens (spec 2: Agents (n) and Flows (n),
 * then the AI security layer's records and the rag agent's documents).
 */
export const mlmDashboardTabs = ['agents', 'flows', 'security', 'knowledge'] as const;
export type MlmDashboardTab = (typeof mlmDashboardTabs)[number];

/** The search parameter that keeps the chosen tab across reloads and history (beside the shell's `app`). */
export const TAB_PARAM = 'tab';

function asTab(value: string | null): MlmDashboardTab {
  return mlmDashboardTabs.find((tab) => tab === value) ?? mlmDashboardTabs[0];
}

/**
 * Spec 2, "Agents dashboard": dock slot 6. The header with the 'OWASP Compliant' badge, the tab
 * row (the tab kept in `?tab=`), one loading text and one error view for the data of every tab.
 */
export function MlmDashboard({ userId }: { userId?: string | undefined } = {}) {
  const { t } = useTranslation(['workflows', 'common']);
  const f = useFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = asTab(searchParams.get(TAB_PARAM));
  const agents = useAgents();
  const flows = useFlows();
  const securityEvents = useSecurityEvents();
  useWorkflowRealtime();
  // The lists the tabs open with: the dashboard shows once all have answered, and the first that
  // failed with nothing to show instead. (The knowledge tab loads its documents itself.)
  const sources = [agents, flows, securityEvents];
  const failed = sources.find((query) => query.isError && query.data === undefined);

  const setTab = (value: string) => {
    const next = asTab(value);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        // The first tab is where the dashboard opens: its address has no `tab`.
        if (mlmDashboardTabs.indexOf(next) === 0) params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
        return params;
      },
      { replace: true },
    );
  };

  let body;
  if (failed) {
    body = (
      <div
        role="alert"
        className="glass flex flex-col items-center gap-3 rounded-2xl border border-destructive/40 p-8 text-center"
      >
        <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
        <h2 className="text-lg font-semibold">{t('dashboard.loadFailed')}</h2>
        <p className="text-sm">{failed.error.message || t('dashboard.unknownError')}</p>
        <p className="text-sm text-muted-foreground">{t('dashboard.backendHint')}</p>
        <Button
          variant="outline"
          size="sm"
          disabled={sources.some((query) => query.isFetching)}
          onClick={() => {
            for (const query of sources) if (query.isError) void query.refetch();
          }}
        >
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (!agents.data || !flows.data || !securityEvents.data) {
    body = (
      <div role="status" className="flex items-center justify-center gap-3 p-12 text-muted-foreground">
        <Loader2Icon aria-hidden="true" className="size-6 animate-spin text-primary motion-reduce:animate-none" />
        <span>{t('dashboard.loading')}</span>
      </div>
    );
  } else {
    body = (
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t('dashboard.tabList')}>
          {mlmDashboardTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {value === 'agents' || value === 'flows'
                ? t(`dashboard.tabs.${value}`, { n: f.count((value === 'agents' ? agents.data : flows.data).length) })
                : t(`dashboard.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="agents">
          <AgentsTab agents={agents.data} />
        </TabsContent>
        <TabsContent value="flows">
          <Suspense fallback={<TabLoading />}>
            <FlowsTab agents={agents.data} flows={flows.data} userId={userId} />
          </Suspense>
        </TabsContent>
        <TabsContent value="knowledge">
          <KnowledgeTab />
        </TabsContent>
        <TabsContent value="security">
          <Suspense fallback={<TabLoading />}>
            <SecurityTab events={securityEvents.data} refreshing={securityEvents.isFetching} />
          </Suspense>
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      {/* Room on the right for the desktop's fullscreen button. */}
      <header className="flex flex-col gap-1 pr-12">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('dashboard.title')}</h1>
          <OwaspBadge />
        </div>
        <p className="text-muted-foreground">{t('dashboard.tagline')}</p>
      </header>
      {body}
    </section>
  );
}

function TabLoading() {
  const { t } = useTranslation('workflows');
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-12 text-muted-foreground">
      <Loader2Icon aria-hidden="true" className="size-6 animate-spin text-primary motion-reduce:animate-none" />
      <span>{t('dashboard.tabLoading')}</span>
    </div>
  );
}
