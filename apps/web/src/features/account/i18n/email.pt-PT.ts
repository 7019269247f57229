import type { Messages } from '@/lib/i18n/messages';
import type { accountEmail as en } from './email.en';

/** European Portuguese messages of 'accountEmail': the same keys as email.en.ts. */
export const accountEmail: Messages<typeof en> = {
  banner: {
    unverified: 'Verifique o seu endereço de e-mail.',
  },
};
