import { PRODUCT_NAME } from '@nuvem/contracts/ecosystem';
import { useTranslation } from 'react-i18next';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <title>{`${t('panel.loginTitle')} · ${PRODUCT_NAME}`}</title>
      <SignInPanel />
    </main>
  );
}
