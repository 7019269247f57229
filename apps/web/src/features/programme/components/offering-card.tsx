import {
  AwardIcon,
  BriefcaseIcon,
  CheckIcon,
  PresentationIcon,
  RocketIcon,
  TrendingUpIcon,
  TrophyIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ProgrammeOffering } from '@nuvem/contracts/programme';
import { Button } from '@/components/ui/button';
import { enquiryCopy, type ProgrammeOfferingContent } from '../lib/programme-content';

const offeringIcons: Record<ProgrammeOffering, LucideIcon> = {
  estagios: BriefcaseIcon,
  bootcamps: RocketIcon,
  concursos: TrophyIcon,
  formacao: AwardIcon,
  exposicao: PresentationIcon,
  empregabilidade: TrendingUpIcon,
};

export function OfferingCard({
  offering,
  onInterest,
}: {
  offering: ProgrammeOfferingContent;
  onInterest: (offering: ProgrammeOffering) => void;
}) {
  const Icon = offeringIcons[offering.id];
  const titleId = `oferta-${offering.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="glass flex h-full flex-col gap-4 rounded-xl p-6 transition-transform motion-safe:hover:-translate-y-1"
    >
      <span className="flex size-11 items-center justify-center rounded-lg bg-primary/15 text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="flex flex-col gap-2">
        <h3 id={titleId} className="text-lg leading-snug font-semibold">
          {offering.title}
        </h3>
        <p className="text-sm text-muted-foreground">{offering.description}</p>
      </div>
      <ul className="flex flex-1 flex-col gap-2 text-sm">
        {offering.highlights.map((highlight) => (
          <li key={highlight} className="flex gap-2">
            <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{highlight}</span>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="self-start"
        aria-label={`${enquiryCopy.offeringInterest} em ${offering.title}`}
        onClick={() => onInterest(offering.id)}
      >
        {enquiryCopy.offeringInterest}
      </Button>
    </article>
  );
}
