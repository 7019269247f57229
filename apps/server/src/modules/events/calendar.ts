import type { EventRow } from '../../db/schema/events.js';

type Found = {
  event: EventRow;
  organiser: { name: string };
  venue: { name: string; address: string | null; city: string; country: string } | null;
};

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/**
 * RFC 5545 text: backslash, semicolon and comma escaped, every line break (CRLF, CR or LF) as \n,
 * other control characters dropped, so a value can never start a line of its own.
 */
const text = (value: string) =>
  value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '');
/** Folds a content line at 75 octets (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An iCalendar entry for an event (GET /api/events/:id.ics). */
export function calendarEntry(found: Found, publicUrl: URL): string {
  const { event, organiser, venue } = found;
  const end = event.endsAt ?? new Date(event.startsAt.getTime() + 2 * 3600_000);
  const location = event.isOnline
    ? 'Online Event'
    : [venue?.name, venue?.address, venue?.city, venue?.country].filter(Boolean).join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nuvem//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@${publicUrl.host}`,
    `DTSTAMP:${stamp(event.updatedAt)}`,
    `DTSTART:${stamp(event.startsAt)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${text(event.title)}`,
    // The organiser by name in the description: ORGANIZER needs an address to write to, which the
    // portal does not give out.
    `DESCRIPTION:${text(`${event.description}${event.description ? '\n\n' : ''}Organised by ${organiser.name}`)}`,
    `LOCATION:${text(location)}`,
    `URL:${new URL(`/events/${event.id}`, publicUrl).toString()}`,
    `STATUS:${event.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
