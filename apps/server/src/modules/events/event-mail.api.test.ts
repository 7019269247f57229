import type { EventDetail } from '@nuvem/contracts/events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/users.js';
import {
  registerUser,
  registerVerifiedUser,
  testDriver,
  testOrigin,
  useTestApp,
  type TestUser,
} from '../../test/helper.testing.js';
import { linkIn, startTestSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp.testing.js';
import type { App } from '../../types.js';
import { MAIL_SEND_JOB } from '../mail/mail.repository.js';
import { EVENT_CANCELLED_MAIL_JOB } from './event-mail.js';

const inFuture = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

function as(app: App, user: TestUser) {
  const headers = { origin: testOrigin, cookie: `nuvem_session=${user.cookie}`, 'content-type': 'application/json' };
  return {
    create: (body: object) => app.inject({ method: 'POST', url: '/api/events', headers, payload: body }),
    cancel: (id: string) => app.inject({ method: 'POST', url: `/api/events/${id}/cancel`, headers }),
    register: (id: string, ticket: string) =>
      app.inject({
        method: 'POST',
        url: `/api/events/${id}/registrations`,
        headers,
        payload: { ticket_type_id: ticket },
      }),
  };
}

const newEvent = (title: string) => ({
  title,
  description: 'Uma noite de fado tradicional.',
  category: 'live-music',
  start_date: inFuture(10),
  end_date: inFuture(10.1),
  is_online: false,
  venue: { name: 'Tasca do Chico', city: 'Lisboa', country: 'Portugal' },
  ticket_types: [{ name: 'Geral', price: 15, capacity: 5 }],
});

/** Mail of one template's kind to one address (new accounts are also mailed a verification link). */
const mailTo = (email: string, subject: RegExp) => (m: ReceivedMail) => m.to === email && subject.test(m.subject);

describe(`event mail, on ${testDriver}`, () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useTestApp({
    config: {
      get mail() {
        return { smtpUrl: smtp.url, from: 'Nuvem <no-reply@nuvem.test>' };
      },
    },
  });

  it('confirms a registration with the event .ics attached, and tells each attendee once when it is cancelled', async () => {
    const organiser = as(t.app, await registerUser(t.app));
    const event = (await organiser.create(newEvent('Fado na Mouraria'))).json<EventDetail>();
    const ticket = event.ticket_types[0]?.id ?? '';
    const ana = await registerVerifiedUser(t.app, { displayName: 'Ana' });
    const rui = await registerVerifiedUser(t.app, { displayName: 'Rui' });
    // Somebody else's address, never verified: it gets nothing from the events module.
    const squatter = await registerUser(t.app);
    await t.app.db.update(users).set({ locale: 'pt-PT' }).where(eq(users.id, rui.id));
    expect((await as(t.app, ana).register(event.id, ticket)).statusCode).toBe(201);
    expect((await as(t.app, rui).register(event.id, ticket)).statusCode).toBe(201);
    expect((await as(t.app, squatter).register(event.id, ticket)).statusCode).toBe(201);

    const confirmation = await smtp.waitFor(mailTo(ana.email, /registered/));
    expect(confirmation.subject).toBe("You're registered: Fado na Mouraria");
    expect(confirmation.text).toContain('Hello Ana,');
    expect(confirmation.text).toContain('Where: Tasca do Chico, Lisboa');
    expect(confirmation.text).toContain('Ticket: Geral');
    expect(linkIn(confirmation.text, '/events/')).toBe(`${testOrigin}/events/${event.id}`);
    const ics = confirmation.attachments.find((a) => a.filename === 'event.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const calendar = ics?.content.toString('utf8') ?? '';
    expect(calendar).toContain('BEGIN:VEVENT');
    expect(calendar).toContain('SUMMARY:Fado na Mouraria');
    expect(calendar).toContain(`UID:${event.id}@`);
    const confirmado = await smtp.waitFor(mailTo(rui.email, /Inscrição/));
    expect(confirmado.subject).toBe('Inscrição confirmada: Fado na Mouraria');
    expect(confirmado.attachments.map((a) => a.filename)).toEqual(['event.ics']);

    expect((await organiser.cancel(event.id)).statusCode).toBe(200);
    const notice = await smtp.waitFor(mailTo(ana.email, /Cancelled/));
    expect(notice.subject).toBe('Cancelled: Fado na Mouraria');
    expect(notice.text).toContain('The organiser has cancelled Fado na Mouraria');
    const aviso = await smtp.waitFor(mailTo(rui.email, /cancelado/));
    expect(aviso.subject).toBe('Evento cancelado: Fado na Mouraria');

    // The notices' job run again (a retry after a crash, say) mails nobody twice.
    await t.app.queue.send(EVENT_CANCELLED_MAIL_JOB, { eventId: event.id });
    await t.app.queue.drain([EVENT_CANCELLED_MAIL_JOB, MAIL_SEND_JOB]);
    expect(smtp.messages.filter(mailTo(ana.email, /Cancelled/))).toHaveLength(1);
    expect(smtp.messages.filter(mailTo(rui.email, /cancelado/))).toHaveLength(1);
    expect(smtp.messages.filter(mailTo(ana.email, /registered/))).toHaveLength(1);
    expect(smtp.messages.filter(mailTo(squatter.email, /registered|Cancelled/))).toEqual([]);
  });

  it('registers even when the mail cannot be written', async () => {
    const organiser = as(t.app, await registerUser(t.app));
    const event = (await organiser.create(newEvent('Noite sem correio'))).json<EventDetail>();
    const ticket = event.ticket_types[0]?.id ?? '';
    const ana = await registerVerifiedUser(t.app);
    const send = vi.spyOn(t.app.mail, 'send').mockRejectedValueOnce(new Error('outbox down'));
    try {
      const res = await as(t.app, ana).register(event.id, ticket);
      expect(res.statusCode, res.body).toBe(201);
      expect(send).toHaveBeenCalledOnce();
    } finally {
      send.mockRestore();
    }
  });
});
