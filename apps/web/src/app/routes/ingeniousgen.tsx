import { ProgrammePage } from '@/features/programme/components/programme-page';

export function IngeniousGenRoute() {
  return <ProgrammePage />;
}
