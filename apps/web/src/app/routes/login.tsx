import { PageSection } from '@/components/layouts/page-section';

export function LoginRoute() {
  return <PageSection title="Sign in" description="Sign in to the Nuvem ecosystem." />;
}
