import type { Messages } from '@/lib/i18n/messages';
import type { account as en } from './en';

/** The account page's European Portuguese messages: the same keys as en.ts. */
export const account: Messages<typeof en> = {
  page: {
    title: 'Conta',
  },
};
