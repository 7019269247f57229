import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useOutletContext, useRouteError } from 'react-router';
import { AnimatedBackground } from '@/components/layouts/animated-background';
import { Spinner } from '@/components/layouts/spinner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { UnverifiedBanner } from '@/features/account/components/unverified-banner';
import { useAuth } from '@/features/auth/components/auth-provider';
import { Header } from '@/features/shell/components/header';
import { PageReady } from '../page-ready';

// Loaded on first open: the header is on every page, the modal is seldom needed.
const EcosystemModal = lazy(() =>
  import('@/features/shell/components/ecosystem-modal').then((m) => ({ default: m.EcosystemModal })),
);

export interface RootLayoutContext {
  /** Opens the ecosystem modal; focus returns to the element that opened it (else the nine-dot button). */
  openEcosystem: () => void;
}

/** What the layout offers the screens under it. */
export function useRootLayoutContext(): RootLayoutContext {
  return useOutletContext<RootLayoutContext>();
}

export function RootLayout() {
  const auth = useAuth();
  const [ecosystemOpen, setEcosystemOpen] = useState(false);
  const [ecosystemLoaded, setEcosystemLoaded] = useState(false);
  const ecosystemButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const openEcosystem = useCallback((opener?: HTMLElement | null) => {
    const focused = document.activeElement;
    returnFocus.current =
      opener ?? (focused instanceof HTMLElement && focused !== document.body ? focused : ecosystemButton.current);
    setEcosystemLoaded(true);
    setEcosystemOpen(true);
  }, []);
  const outletContext = useMemo<RootLayoutContext>(() => ({ openEcosystem: () => openEcosystem() }), [openEcosystem]);

  return (
    <div className="relative flex min-h-dvh flex-col">
      <AnimatedBackground />
      <Header
        user={auth.user}
        loading={auth.loading}
        onSignIn={() => window.location.assign(paths.login.getHref(window.location.href))}
        onLogout={() => void auth.logout()}
        onOpenEcosystem={() => openEcosystem(ecosystemButton.current)}
        ecosystemButtonRef={ecosystemButton}
      />
      {auth.user && !auth.user.email_verified && (
        <UnverifiedBanner email={auth.user.email} onVerified={() => void auth.refresh()} />
      )}
      {/* A screen reading a catalogue namespace not fetched yet waits here, under the header. */}
      <Suspense fallback={<ScreenFallback />}>
        <Outlet context={outletContext} />
        <PageReady />
      </Suspense>
      {ecosystemLoaded && (
        <Suspense fallback={null}>
          <EcosystemModal open={ecosystemOpen} onOpenChange={setEcosystemOpen} returnFocusRef={returnFocus} />
        </Suspense>
      )}
    </div>
  );
}

function ScreenFallback() {
  return (
    <div className="flex flex-1 items-center justify-center p-8">
      <Spinner />
    </div>
  );
}

export function RouteFallback() {
  return (
    <div className="relative flex min-h-dvh items-center justify-center">
      <AnimatedBackground />
      <Spinner />
    </div>
  );
}

/** Shown when a screen throws (or its chunk cannot load, e.g. after a deploy): a way out, not a blank page. */
export function RootErrorBoundary() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  console.error('Unhandled error in a route', error);
  return (
    <div className="relative flex min-h-dvh items-center justify-center p-4">
      <AnimatedBackground />
      <PageReady />
      <div role="alert" className="glass flex max-w-md flex-col items-center gap-4 rounded-xl p-8 text-center">
        <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
        <p className="text-muted-foreground">{t('routeError.text')}</p>
        <div className="flex gap-2">
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          <Button variant="outline" asChild>
            <Link to={paths.home.getHref()}>{t('routeError.home')}</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
