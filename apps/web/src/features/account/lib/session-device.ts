import type { AccountSession } from '@nuvem/contracts/account';

/** Which words name a session's device (catalogue `account:sessions.*`), with their values. */
export type DeviceWords =
  | { key: 'device'; values: { browser: string; os: string } }
  | { key: 'browserOnSystem'; values: { os: string } }
  | { key: 'named'; values: { name: string } }
  | { key: 'unknownDevice' };

/** How to name a session's device: "Chrome on Linux", "A browser on Android", "Firefox", "Unknown device". */
export function deviceWords(session: Pick<AccountSession, 'browser' | 'os'>): DeviceWords {
  if (session.browser && session.os) return { key: 'device', values: { browser: session.browser, os: session.os } };
  if (session.os) return { key: 'browserOnSystem', values: { os: session.os } };
  if (session.browser) return { key: 'named', values: { name: session.browser } };
  return { key: 'unknownDevice' };
}

/** Whether the session's system is a phone's or a tablet's (its icon). */
export function isMobileSystem(os: string | null): boolean {
  return os === 'iOS' || os === 'Android';
}
