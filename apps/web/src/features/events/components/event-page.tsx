import type { EventDetail } from '@nuvem/contracts/events';
import { ArrowLeftIcon, BanIcon, ClockIcon, GlobeIcon, MapPinIcon } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useEvent } from '../api/get-event';
import { hasEnded, hasStarted } from '../lib/event-display';
import type { EventViewer } from '../lib/event-viewer';
import { EventCover } from './event-cover';
import { AddToCalendar, EventFacts } from './event-facts';
import { EventRegistration } from './event-registration';
import { useEventText } from './use-event-text';
import { PageTitle } from '@/components/layouts/page-title';

/** Where "All events" leads: the list the visitor came from (its filters), else the whole catalogue. */
function backHref(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'listHref' in state) {
    const href = state.listHref;
    if (typeof href === 'string' && href.startsWith(paths.events.getHref())) return href;
  }
  return paths.events.getHref();
}

/**
 * An event's page: description, schedule, venue or online, ticket types with what is left,
 * 'Add to calendar', and registration (signed-in visitors take and give back a ticket; others are
 * sent to sign in and brought back). Loading, not found, error, cancelled, past and sold-out states.
 */
export function EventPage({ id, viewer }: { id: string; viewer: EventViewer }) {
  const { t } = useTranslation('events');
  const location = useLocation();
  const query = useEvent(id, viewer.id, { enabled: viewer.ready });
  // The router keeps the scroll of the page it came from (a list scrolled down to a card): an
  // event page starts at its top, before it is painted.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [id]);
  const back = (
    <Link
      to={backHref(location.state)}
      className="inline-flex items-center gap-1.5 self-start rounded-md text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {t('page.back')}
    </Link>
  );

  let body;
  if (query.data) body = <EventDetails event={query.data} viewer={viewer} />;
  else if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    body = (
      <div role="alert" className="glass flex flex-col items-center gap-4 rounded-2xl p-10 text-center">
        <h1 className="text-2xl font-bold">{notFound ? t('page.notFound') : t('page.loadFailed')}</h1>
        {notFound ? (
          <p className="text-muted-foreground">{t('page.notFoundText')}</p>
        ) : (
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('page.retry')}
          </Button>
        )}
      </div>
    );
  } else {
    body = (
      <div role="status" aria-label={t('page.loading')} className="flex flex-col gap-6">
        <Skeleton className="aspect-video w-full rounded-2xl sm:aspect-[3/1] lg:aspect-[4/1]" />
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 lg:py-12">
      {back}
      {body}
    </main>
  );
}

function EventDetails({ event, viewer }: { event: EventDetail; viewer: EventViewer }) {
  const { t } = useTranslation('events');
  const text = useEventText();
  const cancelled = event.status === 'cancelled';
  const now = new Date();
  const started = hasStarted(event.start_date, now);
  const ended = hasEnded(event.start_date, event.end_date, now);

  return (
    <article className="flex flex-col gap-6">
      <PageTitle>{`${event.title} · ${t('title')}`}</PageTitle>
      <header className="glass overflow-hidden rounded-2xl">
        <EventCover src={event.cover_image_url} eager className="aspect-video w-full sm:aspect-[3/1] lg:aspect-[4/1]" />
        <div className="flex flex-col gap-4 p-5 sm:p-8">
          <div className="flex flex-wrap gap-2">
            <Badge variant="secondary">{text.category(event.category)}</Badge>
            {event.pricing && <Badge>{text.price(event.pricing)}</Badge>}
            {cancelled && <Badge variant="destructive">{t('card.cancelled')}</Badge>}
            {!cancelled && event.tickets_available === 0 && <Badge variant="warning">{t('card.soldOut')}</Badge>}
          </div>
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{event.title}</h1>
            <p className="text-muted-foreground">{t('page.organizer', { name: event.organizer.name })}</p>
          </div>
          <EventFacts
            event={event}
            tickets={
              !ended && event.tickets_available !== null && event.tickets_available > 0 ? event.tickets_available : null
            }
            iconSize="size-5"
            className="text-sm sm:text-base"
          />
          <div>
            <AddToCalendar eventId={event.id} label={t('page.addToCalendar')} />
          </div>
        </div>
      </header>

      {cancelled && (
        <div className="flex items-start gap-3 rounded-xl border border-destructive/50 bg-destructive/10 p-4">
          <BanIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
          <div>
            <h2 className="font-semibold">{t('page.cancelled')}</h2>
            <p className="text-sm text-muted-foreground">{t('page.cancelledText')}</p>
          </div>
        </div>
      )}
      {!cancelled && ended && (
        <div className="flex items-start gap-3 rounded-xl border border-glass-border bg-glass p-4">
          <ClockIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <h2 className="font-semibold">{t('page.past')}</h2>
        </div>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <section className="glass flex flex-col gap-3 rounded-2xl p-5 sm:p-6" aria-labelledby="event-about">
            <h2 id="event-about" className="text-xl font-semibold">
              {t('page.about')}
            </h2>
            <p className="whitespace-pre-line text-muted-foreground">{event.description}</p>
          </section>

          {event.schedule.length > 0 && (
            <section className="glass flex flex-col gap-3 rounded-2xl p-5 sm:p-6" aria-labelledby="event-schedule">
              <h2 id="event-schedule" className="text-xl font-semibold">
                {t('page.schedule')}
              </h2>
              <ol className="flex flex-col gap-3">
                {event.schedule.map((item, index) => (
                  <li key={`${item.starts_at}-${index}`} className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
                    <time dateTime={item.starts_at} className="shrink-0 text-sm text-primary tabular-nums sm:w-48">
                      {text.moment(item.starts_at)}
                    </time>
                    <span>{item.title}</span>
                  </li>
                ))}
              </ol>
            </section>
          )}

          <section className="glass flex flex-col gap-3 rounded-2xl p-5 sm:p-6" aria-labelledby="event-where">
            <h2 id="event-where" className="text-xl font-semibold">
              {t('page.where')}
            </h2>
            {event.location.is_online ? (
              <div className="flex flex-col gap-2">
                <p className="flex items-center gap-2">
                  <GlobeIcon aria-hidden="true" className="size-5 text-primary" />
                  {t('page.online')}
                </p>
                {event.online_url ? (
                  <a
                    href={event.online_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {t('page.onlineLink')}
                  </a>
                ) : (
                  <p className="text-sm text-muted-foreground">{t('page.onlineAfterRegistering')}</p>
                )}
              </div>
            ) : event.venue ? (
              <address className="flex items-start gap-2 not-italic">
                <MapPinIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span className="flex flex-col">
                  <span className="font-medium">{event.venue.name}</span>
                  {event.venue.address && <span className="text-muted-foreground">{event.venue.address}</span>}
                  <span className="text-muted-foreground">
                    {event.venue.city}, {event.venue.country}
                  </span>
                </span>
              </address>
            ) : (
              <p className="text-muted-foreground">{text.location(event.location)}</p>
            )}
          </section>
        </div>

        <EventRegistration event={event} viewer={viewer} started={started} ended={ended} />
      </div>
    </article>
  );
}
