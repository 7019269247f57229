import { Outlet, useRouteError, Link } from 'react-router';
import { AnimatedBackground } from '@/components/layouts/animated-background';
import { Spinner } from '@/components/layouts/spinner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { Header } from '@/features/shell/components/header';

export function RootLayout() {
  const auth = useAuth();
  return (
    <div className="relative flex min-h-dvh flex-col">
      <AnimatedBackground />
      <Header
        user={auth.user}
        loading={auth.loading}
        onSignIn={() => window.location.assign(paths.login.getHref(window.location.href))}
        onLogout={() => void auth.logout()}
        // The ecosystem modal arrives with its own issue; the button is in place already.
        onOpenEcosystem={() => undefined}
      />
      <Outlet />
    </div>
  );
}

export function RouteFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <AnimatedBackground />
      <Spinner />
    </div>
  );
}

/** Shown when a screen throws (or its chunk cannot load, e.g. after a deploy): a way out, not a blank page. */
export function RootErrorBoundary() {
  const error = useRouteError();
  console.error('Unhandled error in a route', error);
  return (
    <div className="relative flex min-h-dvh items-center justify-center p-4">
      <AnimatedBackground />
      <div role="alert" className="glass flex max-w-md flex-col items-center gap-4 rounded-xl p-8 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="text-muted-foreground">The page could not be shown. Reloading usually helps.</p>
        <div className="flex gap-2">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="outline" asChild>
            <Link to={paths.home.getHref()}>Go home</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
