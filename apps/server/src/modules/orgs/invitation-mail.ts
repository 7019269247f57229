import { PRODUCT_NAME } from '@nuvem/contracts/ecosystem';
import type { Role } from '@nuvem/contracts/orgs';
import type { MailContent, MailLocale } from '../mail/mail.types.js';
import { oneLine } from '../mail/templates/format.js';

const roleNames: Record<MailLocale, Record<Role, string>> = {
  en: { owner: 'owner', admin: 'admin', developer: 'developer', billing: 'billing', viewer: 'viewer' },
  'pt-PT': {
    owner: 'proprietário',
    admin: 'administrador',
    developer: 'programador',
    billing: 'faturação',
    viewer: 'leitor',
  },
};

/** The invitation to an organisation: one single-use link, valid `days` days. */
export function invitationMail(
  locale: MailLocale,
  data: { organisation: string; inviter: string | null; role: Role; url: string; days: number },
): MailContent {
  const role = roleNames[locale][data.role];
  if (locale === 'pt-PT') {
    return {
      subject: `Convite para ${oneLine(data.organisation)} no ${PRODUCT_NAME}`,
      greeting: 'Olá,',
      paragraphs: [
        `${data.inviter ?? 'Um membro'} convidou-o para a organização ${data.organisation} no ${PRODUCT_NAME}, com o papel ${role}.`,
        `Para aceitar, entre com este endereço (verificado). A ligação funciona uma vez, durante ${data.days} dias.`,
      ],
      action: { label: 'Aceitar o convite', url: data.url },
      footer: 'Se não esperava este convite, ignore esta mensagem.',
    };
  }
  return {
    subject: `Invitation to ${oneLine(data.organisation)} on ${PRODUCT_NAME}`,
    greeting: 'Hello,',
    paragraphs: [
      `${data.inviter ?? 'A member'} invited you to the organisation ${data.organisation} on ${PRODUCT_NAME}, as ${role}.`,
      `To accept, sign in with this address (verified). The link works once, for ${data.days} days.`,
    ],
    action: { label: 'Accept the invitation', url: data.url },
    footer: 'If you did not expect this invitation, ignore this message.',
  };
}
