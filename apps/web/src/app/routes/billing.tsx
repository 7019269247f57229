import { BillingPage } from '@/features/billing/components/billing-page';
import { RequireSignIn } from '../require-sign-in';

/** '/account/billing': the signed-in user's plan, balances and orders. */
export function BillingRoute() {
  return (
    <RequireSignIn>
      <BillingPage />
    </RequireSignIn>
  );
}
