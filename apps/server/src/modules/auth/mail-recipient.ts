import { mailLocale, type MailLocale } from '../mail/mail.types.js';
import type { AuthRepository } from './auth.repository.js';

export interface MailRecipient {
  email: string;
  locale: MailLocale;
  displayName: string | null;
  /** Whether the address is proven to be the user's (mail others could trigger goes only there). */
  verified: boolean;
}

/** Where and in which language other modules mail a user (`app.auth.mailRecipient`). */
export function createMailRecipientService(deps: { repo: Pick<AuthRepository, 'findUserById'> }) {
  return {
    /** The user's address, mail language and name; null when there is no such user (any more). */
    async mailRecipient(userId: string): Promise<MailRecipient | null> {
      const user = await deps.repo.findUserById(userId);
      if (!user) return null;
      return {
        email: user.email,
        locale: mailLocale(user.locale),
        displayName: user.displayName,
        verified: user.emailVerified,
      };
    },
  };
}
