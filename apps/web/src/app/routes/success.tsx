import { NotYetAvailable } from '../not-yet-available';

/** '/success': not built yet (spec 2); it says so, with a way back. */
export function SuccessRoute() {
  return <NotYetAvailable page="success" />;
}
