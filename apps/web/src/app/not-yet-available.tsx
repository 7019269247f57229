import { ArrowLeftIcon, ClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSection } from '@/components/layouts/page-section';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';

export type NotYetAvailablePage = 'events';

/**
 * A route whose screen is not built yet says so plainly, with a way back, instead of showing an
 * empty frame or promising what does not happen (nothing can be bought, no event is listed).
 */
export function NotYetAvailable({ page }: { page: NotYetAvailablePage }) {
  const { t } = useTranslation('shell');
  return (
    <PageSection title={t(`notYet.${page}.title`)} description={t(`notYet.${page}.tagline`)}>
      <div className="flex flex-col items-start gap-4">
        <Badge variant="secondary" className="gap-1.5">
          <ClockIcon aria-hidden="true" className="size-3.5" />
          {t('notYet.badge')}
        </Badge>
        <p className="text-muted-foreground">{t(`notYet.${page}.text`)}</p>
        <Link className={buttonVariants({ variant: 'outline' })} to={paths.home.getHref()}>
          <ArrowLeftIcon aria-hidden="true" />
          {t('notYet.home')}
        </Link>
      </div>
    </PageSection>
  );
}
