import { signInErrorMessages } from '@nuvem/contracts/auth';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { AuthRepository } from './auth.repository.js';
import type { RequestMeta, SessionsService } from './sessions.service.js';
import type { SignedIn } from './sign-in.service.js';

/** A profile from a social provider, after its identity was verified. */
export interface SocialProfile {
  provider: 'google' | 'github';
  providerUserId: string;
  email: string;
  emailVerified: boolean;
  displayName: string | null;
  avatarUrl: string | null;
}

/** How long a social identity waits for the password sign-in that links it. */
export const PENDING_LINK_TTL_MS = 10 * 60 * 1000;

/**
 * Sign-in with Google or GitHub: the single-use states of sign-ins in progress, signing in (or up)
 * with a verified profile, and linking a social identity to a password account whose address
 * nobody verified, once its owner signs in with the password.
 */
export function createSocialSignInService(deps: {
  repo: AuthRepository;
  sessions: Pick<SessionsService, 'issueSession' | 'sessionsDeleted'>;
}) {
  const { repo, sessions } = deps;

  return {
    /** Social sign-ins in progress: the state a provider's callback must bring back (single-use). */
    oauthStates: {
      /** Drops expired states; false when `max` are still pending (the table stays bounded). */
      async hasRoom(max: number): Promise<boolean> {
        await repo.deleteExpiredOAuthStates(new Date());
        return (await repo.countOAuthStates()) < max;
      },
      save: (values: Parameters<AuthRepository['insertOAuthState']>[0]) => repo.insertOAuthState(values),
      consume: (stateHash: string, provider: string, browserHash: string) =>
        repo.consumeOAuthState(stateHash, provider, browserHash),
    },

    /**
     * A social sign-in found a password account with this e-mail whose address was never verified,
     * so it was not linked. Offers the link instead: a pending link bound to the returned browser
     * token (the caller puts it in an HttpOnly cookie), completed by `completePendingLink` when that
     * browser signs in with the account's password. Returns null when there is nothing to offer.
     */
    async offerPendingLink(profile: SocialProfile): Promise<string | null> {
      if (!profile.emailVerified) return null;
      const existing = await repo.findUserByEmail(profile.email);
      if (!existing || existing.emailVerified) return null;
      const token = randomToken();
      await repo.insertPendingLink({
        tokenHash: sha256(token),
        userId: existing.id,
        provider: profile.provider,
        providerUserId: profile.providerUserId,
        email: profile.email,
        expiresAt: new Date(Date.now() + PENDING_LINK_TTL_MS),
      });
      return token;
    },

    /**
     * After a password sign-in in the browser that holds a pending link for this very account: links
     * the social identity, marks the e-mail verified (the provider verified it), and ends every other
     * session of the account (someone else may have registered the address). One transaction. Returns
     * the provider linked, or null (no link, another account's, expired, or the identity is taken).
     */
    async completePendingLink(
      token: string | undefined,
      signedIn: SignedIn,
    ): Promise<SocialProfile['provider'] | null> {
      if (!token || token.length > 128) return null;
      const linked = await repo.transaction(async (tx) => {
        const pending = await tx.consumePendingLink(sha256(token));
        if (pending?.userId !== signedIn.user.id) return null;
        if (pending.email.toLowerCase() !== signedIn.user.email.toLowerCase()) return null;
        if (await tx.findOAuthAccount(pending.provider, pending.providerUserId)) return null;
        await tx.insertOAuthAccount({
          provider: pending.provider,
          providerUserId: pending.providerUserId,
          userId: pending.userId,
          email: pending.email,
        });
        await tx.updateUser(pending.userId, { emailVerified: true });
        const others = await tx.deleteOtherSessions(pending.userId, sha256(signedIn.session.token));
        return { provider: pending.provider as SocialProfile['provider'], others };
      });
      if (!linked) return null;
      await sessions.sessionsDeleted(signedIn.user.id, linked.others);
      signedIn.user.emailVerified = true;
      return linked.provider;
    },

    /**
     * Signs in with a social identity: the user it is linked to; else the user with the same
     * e-mail, linked now only when the provider and that account have both verified the address;
     * else a new user. One transaction.
     */
    async signInWithProfile(profile: SocialProfile, meta: RequestMeta): Promise<SignedIn> {
      return repo.transaction(async (tx) => {
        const linked = await tx.findOAuthAccount(profile.provider, profile.providerUserId);
        let user = linked ? await tx.findUserById(linked.userId) : undefined;
        if (!user) {
          const existing = await tx.findUserByEmail(profile.email);
          if (existing && !profile.emailVerified) {
            // Linking on an unverified address would hand the account to whoever typed it.
            throw new AppError(
              409,
              'This e-mail belongs to an account; verify it with the provider first',
              'UNVERIFIED_EMAIL',
            );
          }
          if (existing && !existing.emailVerified) {
            // Registered with a password and an address nobody confirmed: whoever typed it may not
            // own it. Linking would give the owner an account whose password and sessions that
            // person keeps (pre-account takeover), so the owner signs in with the password instead.
            throw new AppError(409, signInErrorMessages.social_account_exists, 'SOCIAL_ACCOUNT_EXISTS');
          }
          user =
            existing ??
            (await tx.insertUser({
              id: newId('user'),
              email: profile.email,
              displayName: profile.displayName,
              avatarUrl: profile.avatarUrl,
              emailVerified: profile.emailVerified,
            }));
          if (existing && !existing.avatarUrl && profile.avatarUrl) {
            await tx.updateUser(existing.id, { avatarUrl: profile.avatarUrl });
          }
          await tx.insertOAuthAccount({
            provider: profile.provider,
            providerUserId: profile.providerUserId,
            userId: user.id,
            email: profile.email,
          });
        }
        const session = await sessions.issueSession(user.id, true, meta, tx);
        const fresh = (await tx.findUserById(user.id)) ?? user;
        return { user: fresh, session };
      });
    },
  };
}
export type SocialSignInService = ReturnType<typeof createSocialSignInService>;
