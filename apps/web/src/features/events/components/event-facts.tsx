import type { EventListItem } from '@nuvem/contracts/events';
import { CalendarIcon, CalendarPlusIcon, GlobeIcon, MapPinIcon, TicketIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { calendarUrl } from '../api/event-keys';
import { useEventText } from './use-event-text';

interface EventFactsProps {
  event: EventListItem;
  /** The tickets line: how many are left (0: sold out), or null for none. */
  tickets: number | null;
  /** The icons' size classes ('size-4'). */
  iconSize: string;
  className?: string;
}

/** When and where an event is, who goes, and how many tickets are left: the page's and the quick view's list. */
export function EventFacts({ event, tickets, iconSize, className }: EventFactsProps) {
  const { t } = useTranslation('events');
  const text = useEventText();
  const LocationIcon = event.location.is_online ? GlobeIcon : MapPinIcon;
  const fact = (Icon: typeof CalendarIcon, content: ReactNode) => (
    <li className="flex items-start gap-2">
      <Icon aria-hidden="true" className={cn('mt-0.5 shrink-0 text-primary', iconSize)} />
      {content}
    </li>
  );
  return (
    <ul className={cn('flex flex-col gap-2', className)}>
      {fact(CalendarIcon, text.date(event.start_date, event.end_date, { zone: true }))}
      {fact(LocationIcon, text.location(event.location))}
      {event.attendee_count > 0 &&
        fact(UsersIcon, t('card.attending', { count: event.attendee_count, n: text.count(event.attendee_count) }))}
      {tickets !== null &&
        fact(
          TicketIcon,
          tickets > 0 ? t('card.ticketsLeft', { count: tickets, n: text.count(tickets) }) : t('card.soldOut'),
        )}
    </ul>
  );
}

/** 'Add to calendar': the event's .ics file. */
export function AddToCalendar({ eventId, label }: { eventId: string; label: string }) {
  return (
    <Button variant="outline" asChild>
      <a href={calendarUrl(eventId)} download>
        <CalendarPlusIcon aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
