import { useAuth } from '@/features/auth/components/auth-provider';
import { EventsPage } from '@/features/events/components/events-page';

/** '/events': the public events catalogue (spec 2); its filters live in the address. */
export function EventsRoute() {
  const { user, loading } = useAuth();
  return <EventsPage viewer={{ id: user?.id ?? null, ready: user !== null || !loading }} />;
}
