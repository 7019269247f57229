import type { AuthUser } from '@nuvem/contracts/auth';
import { PRODUCT_NAME } from '@nuvem/contracts/ecosystem';
import type { TFunction } from 'i18next';
import { BotIcon, CloudIcon, CompassIcon, FolderOpenIcon, MapIcon, TentTreeIcon, WorkflowIcon } from 'lucide-react';
import { lazy } from 'react';
import { paths } from '@/config/paths';
import { AssistantApp } from '@/features/shell/components/assistant-app';
import { BrowserApp } from '@/features/shell/components/browser-app';
import type { DesktopApp } from '@/features/shell/components/desktop-shell';
import { FinderApp } from '@/features/shell/components/finder-app';
import { HomeApp } from '@/features/shell/components/home-app';

// Maps and the cabin page are heavy (a world atlas, photos): loaded when their slot opens.
const MapsApp = lazy(() => import('@/features/maps/components/maps-app').then((m) => ({ default: m.MapsApp })));
const CabinPage = lazy(() => import('@/features/cabin/components/cabin-page').then((m) => ({ default: m.CabinPage })));
// The MLM Dashboard brings the chart library and the security layer's screens: loaded when opened.
const MlmDashboard = lazy(() =>
  import('@/features/workflows/components/mlm-dashboard').then((m) => ({ default: m.MlmDashboard })),
);

export const ASSISTANT_SLOT = 2;

export interface DesktopAppsContext {
  user: AuthUser | null;
  openEcosystem: () => void;
  /** Opens the assistant with a prompt typed on the home slot. */
  openAssistant: (prompt: string) => void;
  /** A prompt carried over from the home slot, if any. */
  assistantPrompt: string;
  /** The shell's messages in the language in use (the dock's names). */
  t: TFunction<'shell'>;
}

/**
 * The desktop's slot registry (spec 2, "Desktop shell" table), in dock order. It lives in app/
 * because it composes features (maps, cabin) that the shell may not import.
 */
export function desktopApps(context: DesktopAppsContext): DesktopApp[] {
  const { user, t } = context;
  return [
    {
      name: PRODUCT_NAME,
      icon: CloudIcon,
      requiresAuth: false,
      render: () => (
        <HomeApp
          productName={PRODUCT_NAME}
          onExplore={context.openEcosystem}
          learnMoreHref={paths.ingeniousgen.getHref()}
          onCreate={context.openAssistant}
        />
      ),
    },
    {
      name: t('apps.finder'),
      icon: FolderOpenIcon,
      requiresAuth: true,
      render: () => user && <FinderApp user={user} />,
    },
    {
      name: t('apps.assistant'),
      icon: BotIcon,
      requiresAuth: true,
      // Keyed by the user (another user's conversation never stays on screen) and the prompt, so a
      // new prompt from home becomes the draft (the conversation stays).
      render: () => (
        <AssistantApp
          key={`${user?.id ?? ''}:${context.assistantPrompt}`}
          initialPrompt={context.assistantPrompt}
          userId={user?.id}
        />
      ),
    },
    { name: t('apps.maps'), icon: MapIcon, requiresAuth: true, render: () => <MapsApp /> },
    { name: t('apps.browser'), icon: CompassIcon, requiresAuth: true, render: () => <BrowserApp /> },
    { name: t('apps.cabin'), icon: TentTreeIcon, requiresAuth: true, render: () => <CabinPage /> },
    {
      name: t('apps.agents'),
      icon: WorkflowIcon,
      requiresAuth: true,
      render: () => <MlmDashboard userId={user?.id} />,
    },
  ];
}
