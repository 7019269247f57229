import { isIPv4 } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { limitAddress } from '../../lib/client-address.js';
import { sha256 } from '../../lib/tokens.js';
import { mailLocale, type Mailer } from '../mail/mail.types.js';
import { newDeviceMail } from '../mail/templates/account.js';
import type { AccountTokensRepository } from './account-tokens.repository.js';
import type { AuthRepository } from './auth.repository.js';
import { describeUserAgent } from './user-agent.js';

/** An account this young is still being signed up for: its first sign-ins are not news. */
const NEW_ACCOUNT_MS = 10 * 60_000;

/** The network a sign-in came from: an IPv4 /24, or an IPv6 /64 (how one subscriber is numbered). */
export function deviceNetwork(ip: string | null): string {
  if (!ip) return '';
  const address = limitAddress(ip);
  return isIPv4(address) ? `${address.split('.').slice(0, 3).join('.')}.0/24` : address;
}

/**
 * The "new sign-in" notice: a password or social sign-in from a user agent and network (/24)
 * that none of the account's other live sessions has. Two reads per sign-in; one mail per session
 * (keyed by its id).
 */
export function createNewDeviceService(deps: {
  tokens: Pick<AccountTokensRepository, 'findSessionDevice' | 'otherSessionDevices'>;
  repo: Pick<AuthRepository, 'findUserById'>;
  mail: Mailer;
  log: FastifyBaseLogger;
}) {
  const { tokens, repo, mail, log } = deps;
  return {
    /** After a sign-in issued the session of this cookie token. Never throws (a failure is logged). */
    async noticeNewDevice(userId: string, sessionToken: string): Promise<boolean> {
      try {
        const device = await tokens.findSessionDevice(sha256(sessionToken));
        if (device?.userId !== userId) return false;
        const user = await repo.findUserById(userId);
        if (!user || Date.now() - user.createdAt.getTime() < NEW_ACCOUNT_MS) return false;
        const network = deviceNetwork(device.ip);
        const known = await tokens.otherSessionDevices(userId, device.id);
        if (known.some((other) => other.userAgent === device.userAgent && deviceNetwork(other.ip) === network)) {
          return false;
        }
        return await mail.send({
          key: `new-device:${device.id}`,
          template: 'new-device',
          to: user.email,
          userId,
          content: newDeviceMail(mailLocale(user.locale), {
            name: user.displayName,
            device: describeUserAgent(device.userAgent).device,
            address: device.ip ?? '?',
            at: new Date(),
            accountUrl: mail.link('/account'),
          }),
        });
      } catch (error) {
        log.error({ err: error, userId }, 'could not check for or mail a new-device notice');
        return false;
      }
    },
  };
}
export type NewDeviceService = ReturnType<typeof createNewDeviceService>;
