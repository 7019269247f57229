import { PRODUCT_NAME } from '@nuvem/contracts/ecosystem';
import type { MailContent, MailLocale } from '../mail.types.js';

/**
 * The account's mail (auth module): verify an address, reset or change a password, change the
 * address, claim an account by a social sign-in, a new device. EN and pt-PT, same structure.
 */

const PRODUCT = PRODUCT_NAME;

function greeting(locale: MailLocale, name: string | null | undefined): string {
  if (locale === 'pt-PT') return name ? `Olá ${name},` : 'Olá,';
  return name ? `Hello ${name},` : 'Hello,';
}

/** A moment as a reader of this language writes it, in UTC (the server does not know the reader's zone). */
function when(locale: MailLocale, at: Date): string {
  return `${new Intl.DateTimeFormat(locale === 'pt-PT' ? 'pt-PT' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at)} UTC`;
}

const providerNames = { google: 'Google', github: 'GitHub' } as const;

export function verifyEmailMail(locale: MailLocale, data: { name: string | null; url: string }): MailContent {
  if (locale === 'pt-PT') {
    return {
      subject: `Verifique o seu endereço de e-mail no ${PRODUCT}`,
      greeting: greeting(locale, data.name),
      paragraphs: [
        `Confirme que este endereço é seu para poder comprar e convidar pessoas no ${PRODUCT}.`,
        'A ligação funciona uma vez, durante 24 horas.',
      ],
      action: { label: 'Verificar o endereço', url: data.url },
      footer: 'Se não criou uma conta, ignore esta mensagem.',
    };
  }
  return {
    subject: `Verify your e-mail address for ${PRODUCT}`,
    greeting: greeting(locale, data.name),
    paragraphs: [
      `Confirm that this address is yours, so you can buy and invite people on ${PRODUCT}.`,
      'The link works once, for 24 hours.',
    ],
    action: { label: 'Verify the address', url: data.url },
    footer: 'If you did not create an account, ignore this message.',
  };
}

export function resetPasswordMail(locale: MailLocale, data: { name: string | null; url: string }): MailContent {
  if (locale === 'pt-PT') {
    return {
      subject: `Redefinir a sua palavra-passe do ${PRODUCT}`,
      greeting: greeting(locale, data.name),
      paragraphs: [
        'Alguém (esperamos que tenha sido você) pediu para redefinir a palavra-passe desta conta.',
        'A ligação funciona uma vez, durante 30 minutos. Ao redefinir, todas as sessões da conta terminam.',
      ],
      action: { label: 'Escolher uma nova palavra-passe', url: data.url },
      footer: 'Se não foi você, ignore esta mensagem: a sua palavra-passe não muda.',
    };
  }
  return {
    subject: `Reset your ${PRODUCT} password`,
    greeting: greeting(locale, data.name),
    paragraphs: [
      'Someone (we hope it was you) asked to reset the password of this account.',
      'The link works once, for 30 minutes. Resetting signs the account out everywhere.',
    ],
    action: { label: 'Choose a new password', url: data.url },
    footer: 'If it was not you, ignore this message: your password does not change.',
  };
}

export function passwordChangedMail(
  locale: MailLocale,
  data: { name: string | null; at: Date; forgotUrl: string },
): MailContent {
  if (locale === 'pt-PT') {
    return {
      subject: `A sua palavra-passe do ${PRODUCT} foi alterada`,
      greeting: greeting(locale, data.name),
      paragraphs: [`A palavra-passe da sua conta foi alterada em ${when(locale, data.at)}.`],
      action: { label: 'Não fui eu: redefinir a palavra-passe', url: data.forgotUrl },
      footer: 'Se foi você, não precisa de fazer nada.',
    };
  }
  return {
    subject: `Your ${PRODUCT} password was changed`,
    greeting: greeting(locale, data.name),
    paragraphs: [`The password of your account was changed on ${when(locale, data.at)}.`],
    action: { label: 'It was not me: reset the password', url: data.forgotUrl },
    footer: 'If it was you, there is nothing to do.',
  };
}

export function changeEmailMail(
  locale: MailLocale,
  data: { name: string | null; newEmail: string; url: string },
): MailContent {
  if (locale === 'pt-PT') {
    return {
      subject: `Confirme o seu novo endereço de e-mail no ${PRODUCT}`,
      greeting: greeting(locale, data.name),
      paragraphs: [
        `Pediu para usar ${data.newEmail} na sua conta do ${PRODUCT}. O endereço só muda quando abrir esta ligação.`,
        'A ligação funciona uma vez, durante 24 horas.',
      ],
      action: { label: 'Confirmar o novo endereço', url: data.url },
      footer: 'Se não foi você, ignore esta mensagem: nada muda.',
    };
  }
  return {
    subject: `Confirm your new e-mail address for ${PRODUCT}`,
    greeting: greeting(locale, data.name),
    paragraphs: [
      `You asked to use ${data.newEmail} for your ${PRODUCT} account. The address changes only when you open this link.`,
      'The link works once, for 24 hours.',
    ],
    action: { label: 'Confirm the new address', url: data.url },
    footer: 'If it was not you, ignore this message: nothing changes.',
  };
}

export function emailChangedMail(locale: MailLocale, data: { name: string | null; newEmail: string }): MailContent {
  if (locale === 'pt-PT') {
    return {
      subject: `O endereço de e-mail da sua conta do ${PRODUCT} foi alterado`,
      greeting: greeting(locale, data.name),
      paragraphs: [
        `A sua conta usa agora ${data.newEmail}. As próximas mensagens vão para esse endereço.`,
        'Se não foi você, alguém conhece a sua palavra-passe: contacte quem gere este portal.',
      ],
    };
  }
  return {
    subject: `The e-mail address of your ${PRODUCT} account was changed`,
    greeting: greeting(locale, data.name),
    paragraphs: [
      `Your account now uses ${data.newEmail}. Further messages go to that address.`,
      'If it was not you, someone knows your password: contact whoever runs this portal.',
    ],
  };
}

export function claimSocialMail(
  locale: MailLocale,
  data: { name: string | null; provider: 'google' | 'github'; url: string },
): MailContent {
  const provider = providerNames[data.provider];
  if (locale === 'pt-PT') {
    return {
      subject: `Iniciar sessão no ${PRODUCT} com ${provider}`,
      greeting: greeting(locale, data.name),
      paragraphs: [
        `Tentou iniciar sessão com ${provider}, e já existe uma conta com este endereço que ninguém verificou.`,
        `Abra esta ligação para associar ${provider} à conta e iniciar sessão. Como prova que o endereço é seu, a palavra-passe definida para a conta deixa de funcionar e todas as suas sessões terminam.`,
        'A ligação funciona uma vez, durante 30 minutos.',
      ],
      action: { label: `Iniciar sessão com ${provider}`, url: data.url },
      footer: 'Se não foi você, ignore esta mensagem.',
    };
  }
  return {
    subject: `Sign in to ${PRODUCT} with ${provider}`,
    greeting: greeting(locale, data.name),
    paragraphs: [
      `You tried to sign in with ${provider}, and an account with this address already exists that nobody verified.`,
      `Open this link to link ${provider} to the account and sign in. Since it proves the address is yours, the password set for the account stops working and all of its sessions end.`,
      'The link works once, for 30 minutes.',
    ],
    action: { label: `Sign in with ${provider}`, url: data.url },
    footer: 'If it was not you, ignore this message.',
  };
}

export function newDeviceMail(
  locale: MailLocale,
  data: { name: string | null; device: string; address: string; at: Date; accountUrl: string },
): MailContent {
  if (locale === 'pt-PT') {
    return {
      subject: `Novo início de sessão no ${PRODUCT}`,
      greeting: greeting(locale, data.name),
      paragraphs: [
        `A sua conta iniciou sessão num dispositivo novo em ${when(locale, data.at)}.`,
        `Dispositivo: ${data.device}. Endereço: ${data.address}.`,
        'Se não foi você, termine essa sessão e altere a sua palavra-passe.',
      ],
      action: { label: 'Ver as sessões', url: data.accountUrl },
    };
  }
  return {
    subject: `New sign-in to ${PRODUCT}`,
    greeting: greeting(locale, data.name),
    paragraphs: [
      `Your account signed in on a new device on ${when(locale, data.at)}.`,
      `Device: ${data.device}. Address: ${data.address}.`,
      'If it was not you, end that session and change your password.',
    ],
    action: { label: 'See your sessions', url: data.accountUrl },
  };
}
