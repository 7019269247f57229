import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../plugins/app/queue.js';
import type { MailRecipient } from '../auth/mail-recipient.js';
import type { Mailer } from '../mail/mail.types.js';
import { eventCancelledMail, eventRegistrationMail, type EventMailData } from '../mail/templates/events.js';
import { calendarEntry } from './calendar.js';
import type { EventsRepository } from './events.repository.js';

/** Mails every attendee of a cancelled event (its data: `{ eventId }`). */
export const EVENT_CANCELLED_MAIL_JOB = 'events.cancelled-mail';

type Found = NonNullable<Awaited<ReturnType<EventsRepository['findEvent']>>>;

/**
 * The events module's mail: a confirmation with the .ics when a user registers, and a notice to
 * each attendee when the organiser cancels (a job: an event may have hundreds). Each is mailed
 * once per registration / attendee (the outbox's keys), only to verified addresses, and never fails
 * the request behind it.
 */
export function createEventMails(deps: {
  repo: Pick<EventsRepository, 'findEvent' | 'attendees'>;
  mail: Pick<Mailer, 'send' | 'link'>;
  recipient: (userId: string) => Promise<MailRecipient | null>;
  queue: Pick<JobQueue, 'define' | 'send'>;
  publicUrl: URL;
  log: FastifyBaseLogger;
}) {
  const { repo, mail, recipient, queue, publicUrl, log } = deps;

  const about = (found: Found, name: string | null): EventMailData => {
    const { event, venue } = found;
    const place = [venue?.name, venue?.address, venue?.city ?? event.city].filter(Boolean).join(', ');
    return {
      name,
      title: event.title,
      startsAt: event.startsAt,
      location: event.isOnline ? null : place || null,
      url: mail.link(`/events/${encodeURIComponent(event.id)}`),
    };
  };

  async function sendCancelled(eventId: string): Promise<number> {
    const found = await repo.findEvent(eventId);
    if (!found) return 0;
    let written = 0;
    for (const userId of await repo.attendees(eventId)) {
      const to = await recipient(userId);
      if (!to?.verified) continue;
      const sent = await mail.send({
        key: `event-cancelled:${eventId}:${userId}`,
        template: 'event-cancelled',
        to: to.email,
        userId,
        content: eventCancelledMail(to.locale, about(found, to.displayName)),
      });
      if (sent) written += 1;
    }
    return written;
  }

  queue.define(EVENT_CANCELLED_MAIL_JOB, {
    handler: async (data: { eventId: string }) => ({ written: await sendCancelled(data.eventId) }),
    retryLimit: 5,
    retryBackoff: true,
  });

  return {
    /** The confirmation of a registration, with the event's calendar entry attached. */
    async registered(userId: string, found: Found, registration: { id: string }, ticket: string): Promise<void> {
      try {
        // Only to a proven address: whoever squats an address could otherwise mail its owner at will.
        const to = await recipient(userId);
        if (!to?.verified) return;
        await mail.send({
          key: `event-registration:${registration.id}`,
          template: 'event-registration',
          to: to.email,
          userId,
          content: eventRegistrationMail(to.locale, { ...about(found, to.displayName), ticket }),
          attachments: [
            {
              filename: 'event.ics',
              contentType: 'text/calendar; charset=utf-8',
              content: calendarEntry(found, publicUrl),
            },
          ],
        });
      } catch (error) {
        log.error({ err: error, registrationId: registration.id }, 'the registration mail could not be written');
      }
    },

    /** Queues the notices to the attendees of an event just cancelled. */
    async cancelled(eventId: string): Promise<void> {
      try {
        await queue.send(EVENT_CANCELLED_MAIL_JOB, { eventId });
      } catch (error) {
        log.error({ err: error, eventId }, 'the cancellation mails could not be queued');
      }
    },
  };
}
export type EventMails = ReturnType<typeof createEventMails>;
