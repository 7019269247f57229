import { useTranslation } from 'react-i18next';
import { useAuth } from '@/features/auth/components/auth-provider';
import { PricingPage } from '@/features/billing/components/pricing-page';
import { useLanguageCatalogue } from '@/lib/i18n';
import { defaultLanguage, type Language } from '@/lib/i18n/languages';

/**
 * '/pricing' (in the reader's language) and '/planos' (the same page, always in the spec's
 * European Portuguese): plans, add-ons and coupons (spec 2).
 */
export function PricingRoute({ language }: { language?: Language }) {
  const { user, loading } = useAuth();
  const { t } = useTranslation();
  // '/planos' is Portuguese whatever the header says: its catalogue is fetched first (a moment,
  // once) for a visitor who reads English. The reader's own language is always in.
  const catalogue = useLanguageCatalogue(language ?? defaultLanguage);
  if (!catalogue) {
    return (
      <p role="status" className="text-muted-foreground p-8 text-center text-sm">
        {t('status.loading')}
      </p>
    );
  }
  // While the first session check runs the visitor is neither; a purchase then lets the server decide.
  const signedIn = user ? true : loading ? null : false;
  const page = <PricingPage session={{ signedIn, email: user?.email }} />;
  // '/planos' names its language, so a screen reader reads it in Portuguese under any header.
  return language ? (
    <div lang={language} className="contents">
      {page}
    </div>
  ) : (
    page
  );
}
