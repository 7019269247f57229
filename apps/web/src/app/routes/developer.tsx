import { PageSection } from '@/components/layouts/page-section';

export function DeveloperRoute() {
  return <PageSection title="Developer" description="Applications, API keys and containers." />;
}
