import { AccountPage } from '@/features/account/components/account-page';
import { RequireSignIn } from '../require-sign-in';

/** '/account': the signed-in user's e-mail, password, second factor, sessions, export and deletion. */
export function AccountRoute() {
  return (
    <RequireSignIn>
      <AccountPage />
    </RequireSignIn>
  );
}
