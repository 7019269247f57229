import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AccountPage } from '@/features/account/components/account-page';
import { useAuth } from '@/features/auth/components/auth-provider';
import { notify } from '@/lib/notify';
import { RequireSignIn } from '../require-sign-in';

/** '/account': the signed-in user's e-mail, password, second factor, sessions, export and deletion. */
export function AccountRoute() {
  const { t } = useTranslation('account');
  const auth = useAuth();
  const navigate = useNavigate();
  // The server has deleted the account and cleared the session cookie: the site signs out here and
  // goes home, saying so.
  const onAccountDeleted = (email: string) => {
    void navigate(paths.home.getHref());
    auth.signedOut();
    notify.success(t('data.delete.done', { email }), { duration: 10_000 });
  };
  return (
    <RequireSignIn>
      <AccountPage onAccountDeleted={onAccountDeleted} />
    </RequireSignIn>
  );
}
