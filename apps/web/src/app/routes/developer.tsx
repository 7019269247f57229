import { ContainerDashboard } from '@/features/containers/components/container-dashboard';
import { RequireSignIn } from '../require-sign-in';

/**
 * '/developer': needs a signed-in user (spec 6). For now it holds the container dashboard; the
 * Applications and API keys tabs of the full developer dashboard join it in the next issue.
 */
export function DeveloperRoute() {
  return (
    <RequireSignIn>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
        <header className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Developer</h1>
          <p className="text-muted-foreground">Your containers, their metrics and logs.</p>
        </header>
        <ContainerDashboard />
      </main>
    </RequireSignIn>
  );
}
