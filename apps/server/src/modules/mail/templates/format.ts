import { formatMoney } from '@nuvem/contracts/pricing';
import type { MailLocale } from '../mail.types.js';

/** The Intl locale a mail language formats numbers and dates with. */
export const intlLocale = (locale: MailLocale): string => (locale === 'pt-PT' ? 'pt-PT' : 'en-GB');

/** An amount as a reader of this language writes it ('64,14 €', '€64.14'). */
export function money(locale: MailLocale, cents: number, currency: string): string {
  return formatMoney(cents, currency, intlLocale(locale));
}

/** A moment in UTC, said so (the server does not know the reader's time zone; an .ics does). */
export function moment(locale: MailLocale, at: Date): string {
  const text = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}

export function greeting(locale: MailLocale, name: string | null | undefined): string {
  if (locale === 'pt-PT') return name ? `Olá ${name},` : 'Olá,';
  return name ? `Hello ${name},` : 'Hello,';
}

/** Text for a subject line: line breaks and other control characters become spaces. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}
