import { PRICING_LANGUAGE } from '@/features/billing/components/pricing-text';
import { PricingRoute } from './pricing';

/** '/planos': the spec's Portuguese address of the pricing page, always in European Portuguese. */
export function PlanosRoute() {
  return <PricingRoute language={PRICING_LANGUAGE} />;
}
