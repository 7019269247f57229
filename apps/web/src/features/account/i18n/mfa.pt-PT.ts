import type { Messages } from '@/lib/i18n/messages';
import type { mfa as en } from './mfa.en';

/** European Portuguese messages of 'mfa': the same keys as mfa.en.ts. */
export const mfa: Messages<typeof en> = {
  section: {
    title: 'Verificação em dois passos',
  },
};
