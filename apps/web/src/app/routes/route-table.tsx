import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootErrorBoundary, RootLayout, RouteFallback } from './root-layout';

/**
 * The spec's routes, each loaded on demand (one chunk per screen). Exported apart from the
 * browser router so tests can mount it in a memory router.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorBoundary />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      { path: paths.home.path, lazy: () => import('./home').then((m) => ({ Component: m.HomeRoute })) },
      { path: paths.pricing.path, lazy: () => import('./pricing').then((m) => ({ Component: m.PricingRoute })) },
      { path: paths.planos.path, lazy: () => import('./planos').then((m) => ({ Component: m.PlanosRoute })) },
      { path: paths.events.path, lazy: () => import('./events').then((m) => ({ Component: m.EventsRoute })) },
      { path: paths.event.path, lazy: () => import('./event').then((m) => ({ Component: m.EventRoute })) },
      {
        path: paths.ingeniousgen.path,
        lazy: () => import('./ingeniousgen').then((m) => ({ Component: m.IngeniousGenRoute })),
      },
      {
        path: paths.ingeniousgenProgramme.path,
        lazy: () => import('./ingeniousgen-programme').then((m) => ({ Component: m.IngeniousGenProgrammeRoute })),
      },
      { path: paths.success.path, lazy: () => import('./success').then((m) => ({ Component: m.SuccessRoute })) },
      {
        path: paths.sandboxCheckout.path,
        lazy: () => import('./sandbox-checkout').then((m) => ({ Component: m.SandboxCheckoutRoute })),
      },
      { path: paths.account.path, lazy: () => import('./account').then((m) => ({ Component: m.AccountRoute })) },
      {
        path: paths.verifyEmail.path,
        lazy: () => import('./verify-email').then((m) => ({ Component: m.VerifyEmailRoute })),
      },
      {
        path: paths.forgotPassword.path,
        lazy: () => import('./forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
      },
      {
        path: paths.resetPassword.path,
        lazy: () => import('./reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
      },
      { path: paths.billing.path, lazy: () => import('./billing').then((m) => ({ Component: m.BillingRoute })) },
      { path: paths.login.path, lazy: () => import('./login').then((m) => ({ Component: m.LoginRoute })) },
      { path: paths.developer.path, lazy: () => import('./developer').then((m) => ({ Component: m.DeveloperRoute })) },
      { path: paths.profile.path, lazy: () => import('./profile').then((m) => ({ Component: m.ProfileRoute })) },
      {
        path: paths.containers.logs.path,
        lazy: () => import('./container-logs').then((m) => ({ Component: m.ContainerLogsRoute })),
      },
      { path: paths.notFound.path, lazy: () => import('./not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];
