import { PageSection } from '@/components/layouts/page-section';

export function IngeniousGenRoute() {
  return <PageSection title="Ingenious Gen" description="Programa de formação, estágios e empregabilidade." />;
}
