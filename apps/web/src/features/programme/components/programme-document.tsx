import { ArrowLeftIcon, PrinterIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { highlightKeys, offeringIds, programmeStatsContent } from '../lib/programme-content';

/*
 * The site header and the animated sky belong to the root layout, outside this page: a print
 * stylesheet scoped to this route hides them and prints black on white. The page's own elements
 * use Tailwind's `print:` variants.
 */
const printStyles = `
@media print {
  @page { margin: 1.5cm; }
  html, body { background: #fff !important; color: #000 !important; }
  body header, [data-testid='animated-background'], [data-sonner-toaster] { display: none !important; }
}
`;

/** The programme as a clean document to print or save as PDF (the "download the programme" action). */
export function ProgrammeDocument() {
  const { t } = useTranslation('programme');
  const pageUrl =
    typeof window === 'undefined'
      ? paths.ingeniousgen.getHref()
      : new URL(paths.ingeniousgen.getHref(), window.location.origin).href;

  return (
    <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <title>{t('document.title')}</title>
      <style>{printStyles}</style>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between print:hidden">
        <Button variant="outline" asChild>
          <Link to={paths.ingeniousgen.getHref()}>
            <ArrowLeftIcon aria-hidden="true" />
            {t('document.back')}
          </Link>
        </Button>
        <Button onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          {t('document.print')}
        </Button>
      </div>

      <article className="flex flex-col gap-8 rounded-xl bg-white p-6 text-neutral-900 shadow-xl sm:p-10 print:rounded-none print:p-0 print:text-black print:shadow-none">
        <div className="flex flex-col gap-3 border-b border-neutral-300 pb-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('document.title')}</h1>
          <p className="text-lg font-medium">{t('tagline')}</p>
          <p className="text-neutral-700 print:text-black">{t('intro')}</p>
        </div>

        <section aria-labelledby="documento-numeros" className="flex flex-col gap-4 break-inside-avoid">
          <h2 id="documento-numeros" className="text-xl font-semibold">
            {t('page.statsHeading')}
          </h2>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3 print:grid-cols-3">
            {programmeStatsContent.map((stat) => (
              <div
                key={stat.key}
                className="flex flex-col-reverse rounded-lg border border-neutral-300 p-4 text-center"
              >
                <dt className="text-sm text-neutral-700 print:text-black">{t(`stats.${stat.key}`)}</dt>
                <dd className="text-2xl font-bold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="documento-ofertas" className="flex flex-col gap-5">
          <h2 id="documento-ofertas" className="text-xl font-semibold">
            {t('document.offeringsHeading')}
          </h2>
          <ol className="flex flex-col gap-5">
            {offeringIds.map((offering, index) => (
              <li key={offering} className="flex flex-col gap-2 break-inside-avoid">
                <h3 className="text-lg font-semibold">
                  {index + 1}. {t(`offerings.${offering}.title`)}
                </h3>
                <p className="text-neutral-700 print:text-black">{t(`offerings.${offering}.description`)}</p>
                <ul className="list-disc space-y-1 pl-6">
                  {highlightKeys.map((key) => (
                    <li key={key}>{t(`offerings.${offering}.highlights.${key}`)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </section>

        <section
          aria-labelledby="documento-contactos"
          className="flex flex-col gap-2 border-t border-neutral-300 pt-6 break-inside-avoid"
        >
          <h2 id="documento-contactos" className="text-xl font-semibold">
            {t('document.contactsHeading')}
          </h2>
          <p>{t('document.contactsText')}</p>
          <p>
            <a href={pageUrl} className="font-medium break-all text-blue-800 underline print:text-black">
              {pageUrl}
            </a>
          </p>
        </section>
      </article>
    </main>
  );
}
