import type { english } from './i18n.en';
import { charts as chartsPt } from '@/components/charts/i18n/pt-PT';
import { account as accountPt } from '@/features/account/i18n/pt-PT';
import { accountEmail as accountEmailPt } from '@/features/account/i18n/email.pt-PT';
import { mfa as mfaPt } from '@/features/account/i18n/mfa.pt-PT';
import { applications as applicationsPt } from '@/features/applications/i18n/pt-PT';
import { auth as authPt } from '@/features/auth/i18n/pt-PT';
import { billing as billingPt } from '@/features/billing/i18n/pt-PT';
import { cabin as cabinPt } from '@/features/cabin/i18n/pt-PT';
import { containers as containersPt } from '@/features/containers/i18n/pt-PT';
import { events as eventsPt } from '@/features/events/i18n/pt-PT';
import { maps as mapsPt } from '@/features/maps/i18n/pt-PT';
import { organisations as organisationsPt } from '@/features/organisations/i18n/pt-PT';
import { orgSettings as orgSettingsPt } from '@/features/organisations/i18n/settings.pt-PT';
import { profiles as profilesPt } from '@/features/profiles/i18n/pt-PT';
import { programme as programmePt } from '@/features/programme/i18n/pt-PT';
import { shell as shellPt } from '@/features/shell/i18n/pt-PT';
import { workflows as workflowsPt } from '@/features/workflows/i18n/pt-PT';
import { common as commonPt } from '@/lib/i18n/common.pt-PT';

/** The European Portuguese catalogue: the same keys as English (`i18n.test.ts`), fetched only when read. */
export const portuguese = {
  common: commonPt,
  charts: chartsPt,
  account: accountPt,
  accountEmail: accountEmailPt,
  mfa: mfaPt,
  applications: applicationsPt,
  auth: authPt,
  billing: billingPt,
  cabin: cabinPt,
  containers: containersPt,
  events: eventsPt,
  maps: mapsPt,
  organisations: organisationsPt,
  orgSettings: orgSettingsPt,
  profiles: profilesPt,
  programme: programmePt,
  shell: shellPt,
  workflows: workflowsPt,
} satisfies Record<keyof typeof english, unknown>;
