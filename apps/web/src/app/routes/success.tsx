import { PageSection } from '@/components/layouts/page-section';

export function SuccessRoute() {
  return <PageSection title="Payment received" description="Thank you: your subscription is being activated." />;
}
