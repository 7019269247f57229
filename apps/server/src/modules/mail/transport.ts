import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createTransport } from 'nodemailer';
import { DATA_DIR_MODE } from '../../lib/data-dir.js';

/** One message as the transport sends it (already rendered). */
export interface OutgoingMail {
  id: string;
  /** `<id@host>`: the same on every attempt, so a receiver can tell a resend from a new message. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  createdAt: Date;
}

export interface MailTransport {
  /**
   * 'smtp' (SMTP_URL), 'file' (the embedded default: .eml files under DATA_DIR/outbox) or 'log'
   * (tests: the message is only logged).
   */
  kind: 'smtp' | 'file' | 'log';
  /** Where a message went: the SMTP server's answer, or the file written. */
  send(mail: OutgoingMail): Promise<{ where: string }>;
  close(): void;
}

function message(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    date: mail.createdAt,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

/** SMTP_URL: smtp://user:pass@host:port, or smtps:// for TLS from the first byte. */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = createTransport({
    url,
    // A server that does not answer fails this attempt soon (the job retries it later), well
    // inside the job's own expiry.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      const info = (await transporter.sendMail(message(mail))) as { response?: string };
      return { where: info.response ?? 'smtp' };
    },
    close: () => {
      transporter.close();
    },
  };
}

/** File-name safe: 2026-12-03T10-15-00-000Z. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * The embedded default: each message becomes `<createdAt>-<id>.eml` under `dir` (any mail client
 * opens it). Written whole then renamed, so a reader never sees half a message; a retry writes
 * the same file again.
 */
export function createFileTransport(dir: string): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = resolve(dir);
  return {
    kind: 'file',
    async send(mail) {
      const info = await transporter.sendMail(message(mail));
      await mkdir(folder, { recursive: true, mode: DATA_DIR_MODE });
      const file = join(folder, `${stamp(mail.createdAt)}-${mail.id}.eml`);
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      return { where: file };
    },
    close: () => {
      transporter.close();
    },
  };
}

/** Tests with no SMTP server: the message is built (so it would be valid) and only logged. */
export function createLogTransport(): MailTransport {
  const transporter = createTransport({ jsonTransport: true });
  return {
    kind: 'log',
    async send(mail) {
      await transporter.sendMail(message(mail));
      return { where: 'the log' };
    },
    close: () => {
      transporter.close();
    },
  };
}
