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
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { highlightKeys } from '../lib/programme-content';

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
  offering: ProgrammeOffering;
  onInterest: (offering: ProgrammeOffering) => void;
}) {
  const { t } = useTranslation('programme');
  const Icon = offeringIcons[offering];
  const titleId = `oferta-${offering}`;
  const title = t(`offerings.${offering}.title`);
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
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{t(`offerings.${offering}.description`)}</p>
      </div>
      <ul className="flex flex-1 flex-col gap-2 text-sm">
        {highlightKeys.map((key) => (
          <li key={key} className="flex gap-2">
            <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{t(`offerings.${offering}.highlights.${key}`)}</span>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="self-start"
        aria-label={t('offeringCard.interestIn', { title })}
        onClick={() => onInterest(offering)}
      >
        {t('offeringCard.interest')}
      </Button>
    </article>
  );
}
