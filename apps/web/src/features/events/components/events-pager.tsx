import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import { pagerPages } from '../lib/event-filters';

export interface EventsPagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/**
 * The pager (spec): previous, numbered buttons for pages 1 to min(5, total pages), next; shown
 * only when there is more than one page. Previous is disabled on the first page, next on the
 * last. Where the visitor is, beyond page 5 too, is said next to it. On a phone previous and next
 * are arrows (their words stay for screen readers), so the row never wraps 'Next' onto a line
 * of its own.
 */
export function EventsPager({ page, totalPages, onPage }: EventsPagerProps) {
  const { t } = useTranslation('events');
  const format = useFormat();
  const pages = pagerPages(totalPages);
  if (pages.length === 0) return null;
  return (
    <nav aria-label={t('pager.label')} className="flex flex-col items-center gap-2">
      <ul className="flex items-center justify-center gap-1.5">
        <li>
          <Button
            variant="outline"
            size="sm"
            className="min-w-8 px-2 sm:px-3"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeftIcon aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t('pager.previous')}</span>
          </Button>
        </li>
        {pages.map((number) => (
          <li key={number}>
            <Button
              variant={number === page ? 'default' : 'outline'}
              size="sm"
              className="min-w-8"
              aria-label={t('pager.page', { n: format.count(number) })}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => onPage(number)}
            >
              {format.count(number)}
            </Button>
          </li>
        ))}
        <li>
          <Button
            variant="outline"
            size="sm"
            className="min-w-8 px-2 sm:px-3"
            disabled={page >= totalPages}
            onClick={() => onPage(page + 1)}
          >
            <span className="sr-only sm:not-sr-only">{t('pager.next')}</span>
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </li>
      </ul>
      <p className="text-xs text-muted-foreground">
        {t('pager.position', { page: format.count(page), total: format.count(totalPages) })}
      </p>
    </nav>
  );
}
