import type { AccountExport } from '@nuvem/contracts/account';
import type { App } from '../../types.js';
import { iso, type AccountDataPart, type AccountOwner } from '../account/account-data.types.js';
import { createAuthAccountDataRepository } from './account-data.repository.js';
import { createAccountSessionsRepository } from './account-sessions.repository.js';
import type { SessionsService } from './sessions.service.js';
import { describeUserAgent } from './user-agent.js';

/** Who the account is, for the account module: its address, name and mail language; undefined when gone. */
export interface AccountHolder extends AccountOwner {
  displayName: string | null;
  locale: string;
}

/**
 * The auth module's part of the account: the user and their sign-in methods and sessions in the
 * export; in the erasure, the sessions (ended on every instance once it committed) and then the user
 * row, which takes every row that refers to it with it. It runs last.
 */
export function createAuthAccountData(deps: {
  db: App['db'];
  sessions: Pick<SessionsService, 'sessionsDeleted'>;
  now?: () => Date;
}) {
  const repo = createAuthAccountDataRepository(deps.db);
  const sessionsRepo = createAccountSessionsRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  async function holder(userId: string): Promise<AccountHolder | undefined> {
    const user = await repo.user(userId);
    return user && { id: user.id, email: user.email, displayName: user.displayName, locale: user.locale };
  }

  async function exportData(owner: AccountOwner): Promise<Partial<AccountExport>> {
    const at = now();
    const [user, identities, app, codes, keys, links, live] = await Promise.all([
      repo.user(owner.id),
      repo.socialIdentities(owner.id),
      repo.authenticatorApp(owner.id),
      repo.recoveryCodeCounts(owner.id),
      repo.passkeys(owner.id),
      repo.pendingLinks(owner.id, at),
      sessionsRepo.liveSessionsOf(owner.id, at),
    ]);
    if (!user) return {};
    return {
      user: {
        id: user.id,
        email: user.email,
        display_name: user.displayName,
        avatar_url: user.avatarUrl,
        email_verified: user.emailVerified,
        mfa_enabled: user.mfaEnabled,
        locale: user.locale,
        created_at: user.createdAt.toISOString(),
        updated_at: user.updatedAt.toISOString(),
      },
      sign_in: {
        has_password: user.hasPassword,
        social_identities: identities.map((identity) => ({
          provider: identity.provider,
          provider_user_id: identity.providerUserId,
          email: identity.email,
          linked_at: identity.createdAt.toISOString(),
        })),
        authenticator_app: app ? { confirmed_at: iso(app.confirmedAt), created_at: app.createdAt.toISOString() } : null,
        recovery_codes: codes,
        passkeys: keys.map((key) => ({
          name: key.name,
          device_type: key.deviceType,
          backed_up: key.backedUp,
          transports: key.transports,
          created_at: key.createdAt.toISOString(),
          last_used_at: iso(key.lastUsedAt),
        })),
        sessions: live.map((session) => ({
          id: session.id,
          device: describeUserAgent(session.userAgent).device,
          user_agent: session.userAgent,
          ip: session.ip,
          remember_me: session.remember,
          mfa_passed: session.mfaPassed,
          created_at: session.createdAt.toISOString(),
          last_seen_at: session.lastSeenAt.toISOString(),
          expires_at: session.expiresAt.toISOString(),
        })),
        pending_links: links.map((link) => ({
          purpose: link.purpose,
          email: link.email,
          created_at: link.createdAt.toISOString(),
          expires_at: link.expiresAt.toISOString(),
        })),
      },
    };
  }

  const part: AccountDataPart = {
    module: 'auth',
    exportData,
    async erase(owner, tx) {
      const { ended } = await repo.deleteUser(owner.id, tx);
      return () => deps.sessions.sessionsDeleted(owner.id, ended);
    },
  };
  return { part, holder };
}
