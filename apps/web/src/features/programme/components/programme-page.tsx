import type { ProgrammeOffering } from '@nuvem/contracts/programme';
import { DownloadIcon, HeadsetIcon, SparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { offeringIds, type ContactInterest } from '../lib/programme-content';
import { EnquiryDialog, type EnquiryRequest } from './enquiry-dialog';
import { OfferingCard } from './offering-card';
import { ProgrammeStats } from './programme-stats';
import { PageTitle } from '@/components/layouts/page-title';

/** The Ingenious Gen landing page: hero, figures, the six offerings and the calls to action. */
export function ProgrammePage() {
  const { t } = useTranslation('programme');
  const [request, setRequest] = useState<EnquiryRequest | null>(null);
  const open = (interest: ContactInterest, offering?: ProgrammeOffering) => setRequest({ interest, offering });

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-12 px-4 py-10 sm:px-6 lg:gap-16 lg:py-16">
      <PageTitle>{t('name')}</PageTitle>
      <section aria-labelledby="programa-titulo" className="glass rounded-2xl px-5 py-10 text-center sm:px-10 sm:py-14">
        <p className="mb-3 inline-flex items-center gap-2 text-sm font-medium tracking-wide text-primary uppercase">
          <SparklesIcon aria-hidden="true" className="size-4" />
          {t('page.eyebrow')}
        </p>
        <h1 id="programa-titulo" className="text-4xl font-bold tracking-tight sm:text-5xl">
          {t('name')}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-foreground sm:text-xl">{t('tagline')}</p>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{t('intro')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={() => open('inscricao')}>
            {t('cta.enrol')}
          </Button>
          <Button size="lg" variant="outline" onClick={() => open('saber-mais')}>
            {t('cta.learnMore')}
          </Button>
        </div>
      </section>

      <section aria-labelledby="programa-numeros">
        <h2 id="programa-numeros" className="sr-only">
          {t('page.statsHeading')}
        </h2>
        <ProgrammeStats />
      </section>

      <section aria-labelledby="programa-ofertas" className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h2 id="programa-ofertas" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('page.offeringsHeading')}
          </h2>
          <p className="text-muted-foreground">{t('page.offeringsIntro')}</p>
        </div>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {offeringIds.map((offering) => (
            <li key={offering}>
              <OfferingCard offering={offering} onInterest={(id) => open('saber-mais', id)} />
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="programa-proximo-passo"
        className="glass flex flex-col items-center gap-4 rounded-2xl px-5 py-10 text-center sm:px-10"
      >
        <h2 id="programa-proximo-passo" className="text-2xl font-bold tracking-tight">
          {t('page.nextStepHeading')}
        </h2>
        <p className="max-w-xl text-muted-foreground">{t('page.nextStepText')}</p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button size="lg" onClick={() => open('consultor')}>
            <HeadsetIcon aria-hidden="true" />
            {t('cta.consultant')}
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to={paths.ingeniousgenProgramme.getHref()}>
              <DownloadIcon aria-hidden="true" />
              {t('cta.download')}
            </Link>
          </Button>
        </div>
      </section>

      <EnquiryDialog request={request} onClose={() => setRequest(null)} />
    </main>
  );
}
