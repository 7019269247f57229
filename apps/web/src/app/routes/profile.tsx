import { useParams } from 'react-router';
import { PageSection } from '@/components/layouts/page-section';

export function ProfileRoute() {
  const { id = '' } = useParams();
  return <PageSection title="Profile" description={`Profile ${id}`} />;
}
