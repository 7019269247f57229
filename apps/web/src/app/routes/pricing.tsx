import { useAuth } from '@/features/auth/components/auth-provider';
import { PricingPage } from '@/features/billing/components/pricing-page';
import { PRICING_LANGUAGE } from '@/features/billing/components/pricing-text';
import { useLanguageCatalogue } from '@/lib/i18n';
import { useTranslation } from 'react-i18next';

/** '/pricing' (and '/planos', the same page): plans, add-ons and coupons (spec 2). */
export function PricingRoute() {
  const { user, loading } = useAuth();
  const { t } = useTranslation();
  // The page is Portuguese whatever the header says: its catalogue is fetched first (a moment,
  // once) for a visitor who reads English.
  const catalogue = useLanguageCatalogue(PRICING_LANGUAGE);
  if (!catalogue) {
    return (
      <p role="status" className="text-muted-foreground p-8 text-center text-sm">
        {t('status.loading')}
      </p>
    );
  }
  // While the first session check runs the visitor is neither; a purchase then lets the server decide.
  const signedIn = user ? true : loading ? null : false;
  return <PricingPage session={{ signedIn, email: user?.email }} />;
}
