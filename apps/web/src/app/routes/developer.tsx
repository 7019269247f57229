import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import { Spinner } from '@/components/layouts/spinner';
import { DeveloperDashboard } from '@/features/applications/components/developer-dashboard';
import { RequireSignIn } from '../require-sign-in';

// Its own chunk: only the Containers tab needs it.
const ContainerDashboard = lazy(() =>
  import('@/features/containers/components/container-dashboard').then((m) => ({ default: m.ContainerDashboard })),
);

/**
 * '/developer': needs a signed-in user (spec 6). The developer dashboard with the container
 * dashboard in its Containers tab: features never import each other, so they meet here.
 */
export function DeveloperRoute() {
  const { t } = useTranslation('shell');
  return (
    <RequireSignIn>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
        <PageTitle>{t('developerPage.title')}</PageTitle>
        <header className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('developerPage.title')}</h1>
          <p className="text-muted-foreground">{t('developerPage.description')}</p>
        </header>
        <DeveloperDashboard
          containersTab={
            <Suspense fallback={<Spinner className="py-12" label={t('developerPage.loadingContainers')} />}>
              <ContainerDashboard />
            </Suspense>
          }
        />
      </main>
    </RequireSignIn>
  );
}
