import type { EventListItem } from '@nuvem/contracts/events';
import { CalendarIcon, GlobeIcon, MapPinIcon, TicketIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { hasEnded } from '../lib/event-display';
import type { ViewMode } from '../lib/event-filters';
import { EventCover } from './event-cover';
import { useEventText } from './use-event-text';

export interface EventCardProps {
  event: EventListItem;
  view: ViewMode;
  /** `opener` is the title button: focus goes back to it when the quick view closes. */
  onOpen: (event: EventListItem, opener: HTMLElement) => void;
}

/**
 * One event of the list (spec, "Event card"): cover, price and category badges, title (two lines
 * at most), organizer, date, location, attendance and tickets left. The title is the button that
 * opens the quick view; the whole card answers a click.
 */
export function EventCard({ event, view, onOpen }: EventCardProps) {
  const { t } = useTranslation('events');
  const text = useEventText();
  const list = view === 'list';
  const LocationIcon = event.location.is_online ? GlobeIcon : MapPinIcon;
  // What is left of an event that is over means nothing: it is not said.
  const tickets = hasEnded(event.start_date, event.end_date, new Date()) ? null : event.tickets_available;
  return (
    <article
      className={cn(
        'glass group relative flex h-full flex-col overflow-hidden rounded-xl transition-shadow hover:shadow-lg has-[button:focus-visible]:ring-2 has-[button:focus-visible]:ring-ring',
        list && 'sm:flex-row',
      )}
    >
      <div className={cn('relative', list && 'sm:w-60 sm:shrink-0')}>
        <EventCover src={event.cover_image_url} className={cn('aspect-video w-full', list && 'sm:h-full')} />
        <div className="absolute inset-x-2 top-2 flex flex-wrap items-start justify-between gap-2">
          <Badge variant="secondary" className="bg-background/80 text-foreground backdrop-blur">
            {text.category(event.category)}
          </Badge>
          {event.pricing && (
            <Badge className={cn(event.pricing.is_free && 'bg-success text-primary-foreground')}>
              {text.price(event.pricing)}
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {event.status === 'cancelled' && (
          <Badge variant="destructive" className="self-start">
            {t('card.cancelled')}
          </Badge>
        )}
        <h3 className="line-clamp-2 text-lg leading-snug font-semibold">
          <button
            type="button"
            className="cursor-pointer text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            onClick={(click) => onOpen(event, click.currentTarget)}
          >
            {event.title}
          </button>
        </h3>
        <p className="text-sm text-muted-foreground">{t('card.organizer', { name: event.organizer.name })}</p>
        <p className="flex items-start gap-2 text-sm">
          <CalendarIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{text.date(event.start_date, event.end_date)}</span>
        </p>
        <p className="flex items-start gap-2 text-sm">
          <LocationIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{text.location(event.location)}</span>
        </p>
        {(event.attendee_count > 0 || tickets !== null) && (
          <div className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2 text-sm text-muted-foreground">
            {event.attendee_count > 0 && (
              <span className="inline-flex items-center gap-1.5">
                <UsersIcon aria-hidden="true" className="size-4" />
                {t('card.attending', { count: event.attendee_count, n: text.count(event.attendee_count) })}
              </span>
            )}
            {tickets !== null && tickets > 0 && (
              <span className="inline-flex items-center gap-1.5">
                <TicketIcon aria-hidden="true" className="size-4" />
                {t('card.ticketsLeft', { count: tickets, n: text.count(tickets) })}
              </span>
            )}
            {tickets === 0 && (
              <span className="inline-flex items-center gap-1.5 font-medium text-destructive">
                <TicketIcon aria-hidden="true" className="size-4" />
                {t('card.soldOut')}
              </span>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/** A card's shape while the list loads (spec: four of them). */
export function EventCardSkeleton({ view }: { view: ViewMode }) {
  const list = view === 'list';
  return (
    <div
      data-testid="event-card-skeleton"
      className={cn('glass flex flex-col overflow-hidden rounded-xl', list && 'sm:flex-row')}
    >
      <Skeleton className={cn('aspect-video w-full rounded-none', list && 'sm:w-60')} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}
