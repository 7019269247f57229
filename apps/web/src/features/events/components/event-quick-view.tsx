import type { EventListItem } from '@nuvem/contracts/events';
import { ArrowRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useEvent } from '../api/get-event';
import { hasEnded } from '../lib/event-display';
import type { EventViewer } from '../lib/event-viewer';
import { EventCover } from './event-cover';
import { AddToCalendar, EventFacts } from './event-facts';
import { useEventText } from './use-event-text';

export interface EventQuickViewProps {
  /** The event chosen in the list; null when closed. */
  event: EventListItem | null;
  viewer: EventViewer;
  /** The list's address, so the event page can lead back to the same filters. */
  listHref: string;
  /** What opened it (the card's title button): focus goes back there on close. */
  opener: HTMLElement | null;
  onClose: () => void;
}

/** What a card opens (spec: the selected event and a quick-view flag): the essentials and the way to the event page. */
export function EventQuickView({ event, viewer, listHref, opener, onClose }: EventQuickViewProps) {
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      {event && (
        <DialogContent
          className="max-w-2xl gap-5"
          onCloseAutoFocus={(close) => {
            // Opened without a Radix trigger, the dialog would leave focus on the page's body.
            if (opener?.isConnected) {
              close.preventDefault();
              opener.focus();
            }
          }}
        >
          <QuickViewBody event={event} viewer={viewer} listHref={listHref} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function QuickViewBody({
  event,
  viewer,
  listHref,
}: Omit<EventQuickViewProps, 'event' | 'onClose' | 'opener'> & { event: EventListItem }) {
  const { t } = useTranslation('events');
  const text = useEventText();
  // The description is not in the list: the event is fetched (and so ready for its page).
  const detail = useEvent(event.id, viewer.id, { enabled: viewer.ready });
  const tickets = hasEnded(event.start_date, event.end_date, new Date()) ? null : event.tickets_available;
  return (
    <>
      <EventCover src={event.cover_image_url} eager className="-mx-6 -mt-6 aspect-[21/9] rounded-t-xl" />
      <DialogHeader className="gap-2">
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <Badge variant="secondary">{text.category(event.category)}</Badge>
          {event.pricing && <Badge>{text.price(event.pricing)}</Badge>}
          {event.status === 'cancelled' && <Badge variant="destructive">{t('card.cancelled')}</Badge>}
        </div>
        <DialogTitle className="text-xl leading-snug">{event.title}</DialogTitle>
        <DialogDescription>{t('card.organizer', { name: event.organizer.name })}</DialogDescription>
      </DialogHeader>
      <EventFacts event={event} tickets={tickets} iconSize="size-4" className="text-sm" />
      {detail.data ? (
        <p className="line-clamp-4 text-sm whitespace-pre-line text-muted-foreground">{detail.data.description}</p>
      ) : detail.isPending && viewer.ready ? (
        <p className="text-sm text-muted-foreground">{t('quickView.loadingDetails')}</p>
      ) : null}
      <DialogFooter className="gap-2">
        <AddToCalendar eventId={event.id} label={t('quickView.addToCalendar')} />
        <Button asChild>
          <Link to={paths.event.getHref(event.id)} state={{ listHref }}>
            {t('quickView.viewPage')}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </DialogFooter>
    </>
  );
}
