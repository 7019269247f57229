import type { MailContent, MailLocale } from '../mail.types.js';
import { greeting, moment } from './format.js';

/** What the deletion notice says: whose account it was, and when it went. */
export interface AccountDeletedData {
  name: string | null;
  email: string;
  deletedAt: Date;
}

/** The notice mailed to the address of an account once the account is deleted (account module). */
export function accountDeletedMail(locale: MailLocale, data: AccountDeletedData): MailContent {
  if (locale === 'pt-PT') {
    return {
      subject: 'A sua conta Nuvem foi eliminada',
      greeting: greeting(locale, data.name),
      paragraphs: [
        `A conta Nuvem de ${data.email} foi eliminada a ${moment(locale, data.deletedAt)}, a seu pedido.`,
        'Os seus contentores foram apagados, todas as sessões terminaram e os seus dados pessoais (perfil, publicações, aplicações e chaves de API, fluxos, inscrições em eventos) foram eliminados.',
        'Se tinha um plano pago, foi cancelado: não voltará a ser cobrado.',
        'Guardamos apenas as encomendas pagas, sem dados pessoais, porque as faturas têm de ser conservadas.',
      ],
      footer: 'Se não foi você que eliminou a conta, responda a esta mensagem quanto antes.',
    };
  }
  return {
    subject: 'Your Nuvem account was deleted',
    greeting: greeting(locale, data.name),
    paragraphs: [
      `The Nuvem account of ${data.email} was deleted on ${moment(locale, data.deletedAt)}, as you asked.`,
      'Your containers were deleted, every session ended, and your personal data (profile, posts, applications and API keys, flows, event registrations) was erased.',
      'If you had a paid plan, it was cancelled: you will not be charged again.',
      'We keep only the paid orders, without personal data, because invoices must be kept.',
    ],
    footer: 'If you did not delete the account, reply to this message as soon as you can.',
  };
}
