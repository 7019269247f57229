import { PricingRoute } from './pricing';

/** '/planos': the spec's Portuguese address of the pricing page; one page serves both. */
export function PlanosRoute() {
  return <PricingRoute />;
}
