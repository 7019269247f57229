import { NotYetAvailable } from '../not-yet-available';

/** '/pricing': not built yet (spec 2); it says so, with a way back. */
export function PricingRoute() {
  return <NotYetAvailable page="pricing" />;
}
