import { charts as chartsEn } from '@/components/charts/i18n/en';
import { account as accountEn } from '@/features/account/i18n/en';
import { accountEmail as accountEmailEn } from '@/features/account/i18n/email.en';
import { mfa as mfaEn } from '@/features/account/i18n/mfa.en';
import { applications as applicationsEn } from '@/features/applications/i18n/en';
import { auth as authEn } from '@/features/auth/i18n/en';
import { billing as billingEn } from '@/features/billing/i18n/en';
import { cabin as cabinEn } from '@/features/cabin/i18n/en';
import { containers as containersEn } from '@/features/containers/i18n/en';
import { events as eventsEn } from '@/features/events/i18n/en';
import { maps as mapsEn } from '@/features/maps/i18n/en';
import { profiles as profilesEn } from '@/features/profiles/i18n/en';
import { programme as programmeEn } from '@/features/programme/i18n/en';
import { shell as shellEn } from '@/features/shell/i18n/en';
import { workflows as workflowsEn } from '@/features/workflows/i18n/en';
import { initI18n } from '@/lib/i18n';
import { common as commonEn } from '@/lib/i18n/common.en';

/**
 * The message catalogue, assembled in app/ because it lists the features: one namespace per feature (its own `i18n/en.ts` and `i18n/pt-PT.ts`)
 * plus 'common' and 'charts'. English is the reference: the types of every other language are
 * derived from it, and `i18n.test.ts` fails on a key one language has and the other lacks.
 *
 * English is in the first load; European Portuguese (`i18n.pt-PT.ts`) is fetched only by a visitor
 * who reads it, before the first render (see `main.tsx`), so nobody downloads both.
 */
export const resources = {
  en: {
    common: commonEn,
    charts: chartsEn,
    account: accountEn,
    accountEmail: accountEmailEn,
    mfa: mfaEn,
    applications: applicationsEn,
    auth: authEn,
    billing: billingEn,
    cabin: cabinEn,
    containers: containersEn,
    events: eventsEn,
    maps: mapsEn,
    profiles: profilesEn,
    programme: programmeEn,
    shell: shellEn,
    workflows: workflowsEn,
  },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}

// The catalogue lists every feature's messages, so it is assembled here in app/ (shared code does
// not import features); importing this file makes the one i18next instance ready to render.
initI18n(resources.en, { 'pt-PT': () => import('./i18n.pt-PT').then((m) => m.portuguese) });
