import { PageSection } from '@/components/layouts/page-section';

export function PlanosRoute() {
  return <PageSection title="Planos" description="Planos mensais ou anuais, complementos e cupões." />;
}
