import { NotYetAvailable } from '../not-yet-available';

/** '/events': not built yet (spec 2); it says so, with a way back. */
export function EventsRoute() {
  return <NotYetAvailable page="events" />;
}
