import { PageSection } from '@/components/layouts/page-section';

export function IngeniousGenProgrammeRoute() {
  return <PageSection title="Programa Ingenious Gen" />;
}
