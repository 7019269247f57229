import { charts } from '@/components/charts/i18n/en';
import { account } from '@/features/account/i18n/en';
import { accountEmail } from '@/features/account/i18n/email.en';
import { mfa } from '@/features/account/i18n/mfa.en';
import { applications } from '@/features/applications/i18n/en';
import { auth } from '@/features/auth/i18n/en';
import { billing } from '@/features/billing/i18n/en';
import { cabin } from '@/features/cabin/i18n/en';
import { containers } from '@/features/containers/i18n/en';
import { events } from '@/features/events/i18n/en';
import { maps } from '@/features/maps/i18n/en';
import { organisations } from '@/features/organisations/i18n/en';
import { orgSettings } from '@/features/organisations/i18n/settings.en';
import { profiles } from '@/features/profiles/i18n/en';
import { programme } from '@/features/programme/i18n/en';
import { shell } from '@/features/shell/i18n/en';
import { workflows } from '@/features/workflows/i18n/en';
import { common } from '@/lib/i18n/common.en';

/**
 * The whole English catalogue, every namespace at once: the reference the other languages' types
 * and `i18n.test.ts` are checked against, and what the tests load. The app itself bundles only the
 * namespaces its frame needs (`app/i18n.ts`) and fetches the others with the screens that read them.
 */
export const english = {
  common,
  charts,
  account,
  accountEmail,
  mfa,
  applications,
  auth,
  billing,
  cabin,
  containers,
  events,
  maps,
  organisations,
  orgSettings,
  profiles,
  programme,
  shell,
  workflows,
};
