import { PageSection } from '@/components/layouts/page-section';

export function PricingRoute() {
  return <PageSection title="Pricing" description="Plans billed monthly or yearly, add-ons and coupons." />;
}
