import { useTranslation } from 'react-i18next';
import { usePermissionStanding } from '@/lib/api-client';

/** What a screen offers that needs billing:manage: buying (pricing), managing (the billing page), paying (checkout). */
export type BillingAct = 'buy' | 'manage' | 'pay';

export interface BillingAccess {
  /** The role here may buy, change, cancel and edit billing details (billing:manage). */
  manage: boolean;
  /**
   * Why not, in words, shown where the buttons would be: only when the role is known to lack it
   * (null when allowed, and while the workspace's permissions are still loading).
   */
  refusal: string | null;
}

/**
 * billing:manage in the workspace acted in (issue 34). Every role reads billing; only owners,
 * admins and billing members buy, change, cancel or edit it, so the others are told so instead
 * of being offered buttons the server would refuse. `lng` for the pricing page, always in Portuguese.
 */
export function useBillingAccess(act: BillingAct, { lng }: { lng?: string } = {}): BillingAccess {
  const { t } = useTranslation('billing', { lng, keyPrefix: 'access' });
  const standing = usePermissionStanding('billing:manage');
  if (standing.kind !== 'refused') return { manage: standing.kind === 'allowed', refusal: null };
  const role = standing.role ? t(`roles.${standing.role}`) : null;
  let refusal: string;
  switch (act) {
    case 'buy':
      refusal = role ? t('buy', { role }) : t('buyNoRole');
      break;
    case 'manage':
      refusal = role ? t('manage', { role }) : t('manageNoRole');
      break;
    case 'pay':
      refusal = role ? t('pay', { role }) : t('payNoRole');
      break;
  }
  return { manage: false, refusal };
}
