import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { linkIn, parseMail, type ReceivedMail } from '../apps/server/src/test/smtp.testing.js';

export { linkIn, type ReceivedMail };

export interface MailQuery {
  /** The recipient's address (compared case-insensitively). */
  to: string;
  subject?: RegExp;
  /** Only mail received at or after this moment (e.g. taken just before the action that mails). */
  after?: Date;
}

const parsed = new Map<string, ReceivedMail>();

/** Every message the run's SMTP server saved so far (global-setup.ts), oldest first. */
async function received(): Promise<ReceivedMail[]> {
  const dir = process.env.NUVEM_E2E_MAIL_DIR;
  if (!dir) throw new Error('NUVEM_E2E_MAIL_DIR is not set: the browser tests start an SMTP server in global-setup.ts');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  for (const name of names) {
    if (parsed.has(name)) continue;
    const mail = await parseMail(await readFile(join(dir, name)));
    // Saved as `<epoch ms>-<uuid>.eml`: when it arrived.
    mail.receivedAt = new Date(Number(name.split('-')[0]));
    parsed.set(name, mail);
  }
  return names.map((name) => parsed.get(name)).filter((mail): mail is ReceivedMail => mail !== undefined);
}

/**
 * The newest message to `to` (matching `subject`, received since `after`) that the portal sent
 * through the run's SMTP server; waits for it up to `timeoutMs`.
 */
export async function waitForMail(query: MailQuery, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  const to = query.to.toLowerCase();
  for (;;) {
    const matches = (await received()).filter(
      (mail) =>
        mail.to.toLowerCase().split(', ').includes(to) &&
        (!query.subject || query.subject.test(mail.subject)) &&
        (!query.after || mail.receivedAt.getTime() >= query.after.getTime()),
    );
    const newest = matches.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      throw new Error(
        `no mail to ${query.to}${query.subject ? ` matching ${String(query.subject)}` : ''} within ${String(timeoutMs)} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
