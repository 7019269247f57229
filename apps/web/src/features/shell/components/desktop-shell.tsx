import type { AuthUser } from '@nuvem/contracts/auth';
import { MaximizeIcon, MinimizeIcon } from 'lucide-react';
import { Suspense, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/layouts/spinner';
import { Button } from '@/components/ui/button';
import { isFullscreen, subscribeFullscreen, toggleFullscreen } from '../lib/fullscreen';
import { AuthRequired, type SignInChoices } from './auth-required';
import { Dock, type DockItem } from './dock';

/** One slot of the desktop: its dock icon and what it shows. The entries come from app/. */
export interface DesktopApp extends DockItem {
  /** Slot 0 (home) is open to everyone; the others need sign-in. */
  requiresAuth: boolean;
  render: () => ReactNode;
}

export interface DesktopShellProps {
  apps: readonly DesktopApp[];
  slot: number;
  onSelectSlot: (index: number) => void;
  user: AuthUser | null;
  authLoading: boolean;
  /** How a gated slot offers to sign in. */
  signIn: SignInChoices;
}

// Double-clicking these selects text or activates them; it must not also flip fullscreen.
const INTERACTIVE = 'a, button, input, textarea, select, label, [role="dialog"], [contenteditable="true"]';

/** Spec 2, "Desktop shell": the full-viewport desktop under the header (the top bar). */
export function DesktopShell({ apps, slot, onSelectSlot, user, authLoading, signIn }: DesktopShellProps) {
  const { t } = useTranslation('shell');
  const fullscreen = useSyncExternalStore(subscribeFullscreen, isFullscreen, () => false);
  const app = apps[slot] ?? apps[0];

  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    void toggleFullscreen();
  };

  let content: ReactNode;
  // A public slot (the home page) does not wait for the session check: it paints at once, from the
  // server's HTML too. A gated one waits to know who is there.
  if (!app) content = null;
  else if (authLoading && app.requiresAuth) content = <Spinner className="flex-1" label={t('desktop.loading')} />;
  else if (app.requiresAuth && !user) content = <AuthRequired signIn={signIn} />;
  else
    content = (
      <Suspense fallback={<Spinner className="flex-1" label={t('desktop.loadingApp', { name: app.name })} />}>
        {app.render()}
      </Suspense>
    );

  return (
    <div
      data-testid="desktop"
      onDoubleClick={onDoubleClick}
      className="relative flex h-[calc(100dvh-4rem)] min-h-0 flex-col"
    >
      <Button
        variant="outline"
        size="icon"
        className="absolute top-3 right-3 z-20 rounded-full"
        aria-label={fullscreen ? t('desktop.exitFullscreen') : t('desktop.enterFullscreen')}
        onClick={() => void toggleFullscreen()}
      >
        {fullscreen ? <MinimizeIcon aria-hidden="true" /> : <MaximizeIcon aria-hidden="true" />}
      </Button>
      <main className="flex min-h-0 flex-1 flex-col overflow-y-auto">{content}</main>
      {user && !authLoading && <Dock items={apps} activeIndex={slot} onSelect={onSelectSlot} />}
    </div>
  );
}
