import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { loadLanguage, loadNamespaces } from '@/lib/i18n';
import type { Namespace } from '../i18n';
import { useAuth } from '@/features/auth/components/auth-provider';
import { WorkspaceProvider } from '@/features/organisations/components/workspace-provider';
import { HeaderWorkspaceSlot } from '@/features/shell/components/header';
import { RootErrorBoundary, RootLayout, RouteFallback } from './root-layout';

// The switcher is a menu: its code arrives just after the first paint, like the header's others.
const WorkspaceSwitcher = lazy(() =>
  import('@/features/organisations/components/workspace-switcher').then((m) => ({ default: m.WorkspaceSwitcher })),
);
const workspaceSwitcher = (
  <Suspense fallback={null}>
    <WorkspaceSwitcher />
  </Suspense>
);

/** A screen's code and the catalogue namespaces it reads, fetched side by side. */
function screen<T>(namespaces: Namespace[], load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0];
}

/**
 * The layout inside the signed-in user's workspace (issue 34): every screen's calls name it, and
 * the header offers the switch. Inside the router, which keeps the workspace in the address.
 */
function WorkspaceLayout() {
  const { user } = useAuth();
  return (
    <WorkspaceProvider userId={user?.id ?? null} emailVerified={user?.email_verified ?? false}>
      <HeaderWorkspaceSlot value={workspaceSwitcher}>
        <RootLayout />
      </HeaderWorkspaceSlot>
    </WorkspaceProvider>
  );
}

/**
 * The spec's routes, each loaded on demand (one chunk per screen). Exported apart from the
 * browser router so tests can mount it in a memory router.
 */
export const routes: RouteObject[] = [
  {
    element: <WorkspaceLayout />,
    errorElement: <RootErrorBoundary />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      { path: paths.home.path, lazy: () => import('./home').then((m) => ({ Component: m.HomeRoute })) },
      {
        path: paths.pricing.path,
        lazy: screen(['billing'], () => import('./pricing').then((m) => ({ Component: m.PricingRoute }))),
      },
      {
        path: paths.planos.path,
        // Portuguese whatever the reader's language: its catalogue comes with the page's code.
        lazy: screen(['billing'], async () => {
          const [module] = await Promise.all([import('./planos'), loadLanguage('pt-PT').catch(() => undefined)]);
          return { Component: module.PlanosRoute };
        }),
      },
      {
        path: paths.events.path,
        lazy: screen(['events'], () => import('./events').then((m) => ({ Component: m.EventsRoute }))),
      },
      {
        path: paths.event.path,
        lazy: screen(['events'], () => import('./event').then((m) => ({ Component: m.EventRoute }))),
      },
      {
        path: paths.ingeniousgen.path,
        lazy: screen(['programme'], () => import('./ingeniousgen').then((m) => ({ Component: m.IngeniousGenRoute }))),
      },
      {
        path: paths.ingeniousgenProgramme.path,
        lazy: screen(['programme'], () =>
          import('./ingeniousgen-programme').then((m) => ({ Component: m.IngeniousGenProgrammeRoute })),
        ),
      },
      {
        path: paths.success.path,
        lazy: screen(['billing'], () => import('./success').then((m) => ({ Component: m.SuccessRoute }))),
      },
      {
        path: paths.sandboxCheckout.path,
        lazy: screen(['billing'], () =>
          import('./sandbox-checkout').then((m) => ({ Component: m.SandboxCheckoutRoute })),
        ),
      },
      {
        path: paths.account.path,
        lazy: screen(['account', 'accountEmail'], () =>
          import('./account').then((m) => ({ Component: m.AccountRoute })),
        ),
      },
      {
        path: paths.verifyEmail.path,
        lazy: screen(['accountEmail'], () => import('./verify-email').then((m) => ({ Component: m.VerifyEmailRoute }))),
      },
      {
        path: paths.forgotPassword.path,
        lazy: () => import('./forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
      },
      {
        path: paths.resetPassword.path,
        lazy: () => import('./reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
      },
      {
        path: paths.billing.path,
        lazy: screen(['billing'], () => import('./billing').then((m) => ({ Component: m.BillingRoute }))),
      },
      { path: paths.login.path, lazy: () => import('./login').then((m) => ({ Component: m.LoginRoute })) },
      {
        path: paths.developer.path,
        lazy: screen(['applications', 'containers', 'charts'], () =>
          import('./developer').then((m) => ({ Component: m.DeveloperRoute })),
        ),
      },
      {
        path: paths.profile.path,
        lazy: screen(['profiles'], () => import('./profile').then((m) => ({ Component: m.ProfileRoute }))),
      },
      {
        path: paths.containers.logs.path,
        lazy: screen(['containers'], () =>
          import('./container-logs').then((m) => ({ Component: m.ContainerLogsRoute })),
        ),
      },
      {
        path: paths.organisations.settings.path,
        lazy: screen(['orgSettings'], () => import('./organisation').then((m) => ({ Component: m.OrganisationRoute }))),
      },
      {
        path: paths.acceptInvitation.path,
        lazy: screen(['orgSettings'], () =>
          import('./accept-invitation').then((m) => ({ Component: m.AcceptInvitationRoute })),
        ),
      },
      { path: paths.notFound.path, lazy: () => import('./not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];
