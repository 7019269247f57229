import type { MailContent, MailLocale } from '../mail.types.js';
import { greeting, moment, oneLine } from './format.js';

export interface EventMailData {
  name: string | null;
  title: string;
  startsAt: Date;
  /** Where: the venue and city, or null for an online event. */
  location: string | null;
  /** The event's page. */
  url: string;
}

const where = (data: EventMailData) => data.location ?? 'Online';

/** The confirmation mailed when a user registers for an event (the .ics goes with it). */
export function eventRegistrationMail(locale: MailLocale, data: EventMailData & { ticket: string }): MailContent {
  if (locale === 'pt-PT') {
    return {
      subject: `Inscrição confirmada: ${oneLine(data.title)}`,
      greeting: greeting(locale, data.name),
      paragraphs: [
        `O seu lugar em ${data.title} está confirmado.`,
        `Quando: ${moment(locale, data.startsAt)}\nOnde: ${where(data)}\nBilhete: ${data.ticket}`,
        'A entrada de calendário vai em anexo (event.ics): abra-a para juntar o evento ao seu calendário.',
      ],
      action: { label: 'Ver o evento', url: data.url },
      footer: 'Já não pode ir? Devolva o bilhete na página do evento, para que outra pessoa o possa usar.',
    };
  }
  return {
    subject: `You're registered: ${oneLine(data.title)}`,
    greeting: greeting(locale, data.name),
    paragraphs: [
      `Your place at ${data.title} is confirmed.`,
      `When: ${moment(locale, data.startsAt)}\nWhere: ${where(data)}\nTicket: ${data.ticket}`,
      'The calendar entry is attached (event.ics): open it to add the event to your calendar.',
    ],
    action: { label: 'See the event', url: data.url },
    footer: "Can't make it? Give your ticket back on the event's page, so someone else can use it.",
  };
}

/** The notice mailed to each registered user when the organiser cancels an event. */
export function eventCancelledMail(locale: MailLocale, data: EventMailData): MailContent {
  if (locale === 'pt-PT') {
    return {
      subject: `Evento cancelado: ${oneLine(data.title)}`,
      greeting: greeting(locale, data.name),
      paragraphs: [
        `O organizador cancelou ${data.title}, previsto para ${moment(locale, data.startsAt)}.`,
        'A sua inscrição foi cancelada com ele; não precisa de fazer nada. Pode retirar o evento do seu calendário.',
      ],
      action: { label: 'Ver o evento', url: data.url },
    };
  }
  return {
    subject: `Cancelled: ${oneLine(data.title)}`,
    greeting: greeting(locale, data.name),
    paragraphs: [
      `The organiser has cancelled ${data.title}, planned for ${moment(locale, data.startsAt)}.`,
      'Your registration ends with it; there is nothing you need to do. You can remove the event from your calendar.',
    ],
    action: { label: 'See the event', url: data.url },
  };
}
