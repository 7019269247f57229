import { ProgrammeDocument } from '@/features/programme/components/programme-document';

export function IngeniousGenProgrammeRoute() {
  return <ProgrammeDocument />;
}
