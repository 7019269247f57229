import { useParams } from 'react-router';
import { useAuth } from '@/features/auth/components/auth-provider';
import { EventPage } from '@/features/events/components/event-page';

/** '/events/:id': one event, its tickets and registration (signed-out visitors are sent to sign in and back). */
export function EventRoute() {
  const { id = '' } = useParams();
  const { user, loading } = useAuth();
  return <EventPage key={id} id={id} viewer={{ id: user?.id ?? null, ready: user !== null || !loading }} />;
}
