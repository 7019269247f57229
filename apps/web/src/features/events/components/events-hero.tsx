import { MapPinIcon, SparklesIcon, TicketIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format';
import { SearchBox } from './events-controls';

/** The top of the events screen: title, tagline, the search box and how many events there are. */
interface EventsHeroProps {
  search: string;
  onSearch: (search: string) => void;
  /** How many upcoming events the catalogue has (undefined while it loads). */
  available: number | undefined;
}

export function EventsHero({ search, onSearch, available }: EventsHeroProps) {
  const { t } = useTranslation('events');
  const format = useFormat();
  return (
    <section className="glass flex flex-col items-center gap-5 rounded-2xl px-5 py-10 text-center sm:px-10 sm:py-14">
      <Badge variant="outline" className="gap-1.5 px-3 py-1 text-sm font-medium">
        <SparklesIcon aria-hidden="true" className="size-4 text-primary" />
        {t('hero.chip')}
      </Badge>
      <div className="flex flex-col gap-2">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t('title')}</h1>
        <p className="bg-gradient-to-r from-primary to-accent bg-clip-text text-xl font-semibold text-transparent sm:text-2xl">
          {t('hero.tagline')}
        </p>
      </div>
      <SearchBox search={search} onSearch={onSearch} />
      <div className="flex flex-wrap justify-center gap-2 text-sm">
        <span className="glass inline-flex items-center gap-1.5 rounded-full px-3 py-1">
          <TicketIcon aria-hidden="true" className="size-4 text-primary" />
          {available === undefined ? (
            <Skeleton className="h-4 w-28" />
          ) : (
            t('hero.available', { count: available, n: format.count(available) })
          )}
        </span>
        <span className="glass inline-flex items-center gap-1.5 rounded-full px-3 py-1">
          <MapPinIcon aria-hidden="true" className="size-4 text-primary" />
          {t('hero.multipleLocations')}
        </span>
      </div>
    </section>
  );
}
