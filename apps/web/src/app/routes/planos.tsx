import { NotYetAvailable } from '../not-yet-available';

/** '/planos': not built yet (spec 2); it says so, with a way back. */
export function PlanosRoute() {
  return <NotYetAvailable page="planos" />;
}
