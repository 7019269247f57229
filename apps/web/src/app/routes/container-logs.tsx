import { useParams } from 'react-router';
import { PageSection } from '@/components/layouts/page-section';

export function ContainerLogsRoute() {
  const { id = '' } = useParams();
  return <PageSection title="Container logs" description={`Logs of container ${id}`} />;
}
