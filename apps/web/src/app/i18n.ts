import { mfa } from '@/features/account/i18n/mfa.en';
import { auth } from '@/features/auth/i18n/en';
import { organisations } from '@/features/organisations/i18n/en';
import { shell } from '@/features/shell/i18n/en';
import { initI18n } from '@/lib/i18n';
import { common } from '@/lib/i18n/common.en';
import type { english } from './i18n.en';

/**
 * The message catalogue, assembled in app/ because it lists the features: one namespace per
 * feature (its own `i18n/en.ts` and `i18n/pt-PT.ts`) plus 'common' and 'charts'. English is the
 * reference (`i18n.en.ts`): the types of every other language are derived from it, and
 * `i18n.test.ts` fails on a key one language has and the other lacks.
 *
 * Only the namespaces of the frame every page paints (header, sign-in, workspace switcher) are in
 * the first load; each other namespace is its own small file, fetched with the screen that reads it
 * (the routes ask for theirs while their code loads; a component that reads one not yet in waits
 * for it in a Suspense boundary). European Portuguese (`i18n.pt-PT.ts`) is fetched only by a
 * visitor who reads it, before the first render (see `main.tsx`), so nobody downloads both.
 */
const bundled = { common, auth, mfa, organisations, shell };

const fetched = {
  charts: () => import('@/components/charts/i18n/en').then((m) => m.charts),
  account: () => import('@/features/account/i18n/en').then((m) => m.account),
  accountEmail: () => import('@/features/account/i18n/email.en').then((m) => m.accountEmail),
  applications: () => import('@/features/applications/i18n/en').then((m) => m.applications),
  billing: () => import('@/features/billing/i18n/en').then((m) => m.billing),
  cabin: () => import('@/features/cabin/i18n/en').then((m) => m.cabin),
  containers: () => import('@/features/containers/i18n/en').then((m) => m.containers),
  events: () => import('@/features/events/i18n/en').then((m) => m.events),
  maps: () => import('@/features/maps/i18n/en').then((m) => m.maps),
  orgSettings: () => import('@/features/organisations/i18n/settings.en').then((m) => m.orgSettings),
  profiles: () => import('@/features/profiles/i18n/en').then((m) => m.profiles),
  programme: () => import('@/features/programme/i18n/en').then((m) => m.programme),
  workflows: () => import('@/features/workflows/i18n/en').then((m) => m.workflows),
} satisfies Record<Exclude<keyof typeof english, keyof typeof bundled>, () => Promise<unknown>>;

/** Every namespace of the catalogue (the server's render loads them all). */
export const allNamespaces = [...Object.keys(bundled), ...Object.keys(fetched)];

/** A namespace of the catalogue. */
export type Namespace = keyof typeof english;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof english;
  }
}

// The catalogue lists every feature's messages, so it is assembled here in app/ (shared code does
// not import features); importing this file makes the one i18next instance ready to render.
initI18n(bundled, fetched, { 'pt-PT': () => import('./i18n.pt-PT').then((m) => m.portuguese) });
