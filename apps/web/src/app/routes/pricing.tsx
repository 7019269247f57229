import { useAuth } from '@/features/auth/components/auth-provider';
import { PricingPage } from '@/features/billing/components/pricing-page';

/** '/pricing' (and '/planos', the same page): plans, add-ons and coupons (spec 2). */
export function PricingRoute() {
  const { user, loading } = useAuth();
  // While the first session check runs the visitor is neither; a purchase then lets the server decide.
  const signedIn = user ? true : loading ? null : false;
  return <PricingPage session={{ signedIn, email: user?.email }} />;
}
