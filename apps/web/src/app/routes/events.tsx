import { PageSection } from '@/components/layouts/page-section';

export function EventsRoute() {
  return <PageSection title="Events" description="Where Moments Become Memories" />;
}
