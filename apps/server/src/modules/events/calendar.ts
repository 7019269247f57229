import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EventRow } from './events.repository.js';

type Found = {
  event: EventRow;
  organiser: { name: string };
  venue: { name: string; address: string | null; city: string; country: string } | null;
};

/**
 * A text value as the library should see it: control characters other than line breaks dropped
 * (the library escapes backslash, semicolon, comma and every line break, CRLF, CR or LF, as \n),
 * so a value can never start a line of its own.
 */
const text = (value: string) =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g, '');

/** An iCalendar entry for an event (GET /api/events/:id.ics), folded at 75 octets (RFC 5545 3.1). */
export function calendarEntry(found: Found, publicUrl: URL): string {
  const { event, organiser, venue } = found;
  const end = event.endsAt ?? new Date(event.startsAt.getTime() + 2 * 3600_000);
  const location = event.isOnline
    ? 'Online Event'
    : [venue?.name, venue?.address, venue?.city, venue?.country].filter(Boolean).join(', ');
  const calendar = ical({ prodId: '//Nuvem//Events//EN', method: ICalCalendarMethod.PUBLISH, scale: 'GREGORIAN' });
  calendar.createEvent({
    id: `${event.id}@${publicUrl.host}`,
    stamp: event.updatedAt,
    start: event.startsAt,
    end,
    summary: text(event.title),
    // The organiser by name in the description: ORGANIZER needs an address to write to, which the
    // portal does not give out.
    description: text(`${event.description}${event.description ? '\n\n' : ''}Organised by ${organiser.name}`),
    location: text(location),
    url: new URL(`/events/${event.id}`, publicUrl).toString(),
    status: event.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // The library ends the last line without a line break; RFC 5545 ends every content line with CRLF.
  return `${calendar.toString()}\r\n`;
}
