import { useTranslation } from 'react-i18next';
import { DataSection } from './data-section';
import { EmailSection } from './email-section';
import { MfaSection } from './mfa-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';
import { PageTitle } from '@/components/layouts/page-title';

export interface AccountPageProps {
  /** The account was deleted (this browser is signed out already): app/ leaves for the signed-out site. */
  onAccountDeleted: (email: string) => void;
}

/** '/account': the title, then each section as its own component (with its own queries). */
export function AccountPage({ onAccountDeleted }: AccountPageProps) {
  const { t } = useTranslation('account');
  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 p-4 md:p-8">
      <PageTitle>{t('page.title')}</PageTitle>
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('page.title')}</h1>
        <p className="text-muted-foreground">{t('page.description')}</p>
      </header>
      <EmailSection />
      <PasswordSection />
      <MfaSection />
      <SessionsSection />
      <DataSection onAccountDeleted={onAccountDeleted} />
    </main>
  );
}
