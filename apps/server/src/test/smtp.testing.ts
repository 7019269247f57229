import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the test SMTP server received, parsed. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), comma-separated: for one recipient, just the address. */
  to: string;
  /** The From header as written (`Nuvem <no-reply@…>`). */
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** The message as it came over the wire. */
  raw: string;
  receivedAt: Date;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> (pass it as config.mail.smtpUrl). */
  url: string;
  /** Everything received so far, in order. */
  messages: ReceivedMail[];
  /** The first message (already received or still to come) that matches; rejects after timeoutMs. */
  waitFor(predicate: (message: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The next `count` messages are refused with a temporary error (451): a retry must follow. */
  failNext(count: number): void;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Also write each message as `<time>-<uuid>.eml` in this folder (the browser tests read them). */
  saveDir?: string;
  /** Listen on this port (default: any free one). */
  port?: number;
}

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return [value]
    .flat()
    .map((entry) => entry.text)
    .join(', ');
}

/** Parses one message as the tests see it. */
export async function parseMail(raw: Buffer | string, envelopeTo?: string[]): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const to =
    envelopeTo && envelopeTo.length > 0
      ? envelopeTo.join(', ')
      : [parsed.to]
          .flat()
          .flatMap((entry) => entry?.value ?? [])
          .map((address) => address.address ?? '')
          .join(', ');
  return {
    to,
    from: addressText(parsed.from),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    messageId: parsed.messageId,
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? '',
      contentType: attachment.contentType,
      content: attachment.content,
    })),
    raw: typeof raw === 'string' ? raw : raw.toString('utf8'),
    receivedAt: new Date(),
  };
}

/**
 * A real SMTP server on 127.0.0.1 (no TLS, any or no login) that keeps what it receives, so tests
 * send mail through the portal's real transport and read what arrived.
 */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let failures = 0;
  if (options.saveDir) await mkdir(options.saveDir, { recursive: true });

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const error = Object.assign(new Error('Try again later (test)'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        const envelopeTo = session.envelope.rcptTo.map((address) => address.address);
        void (async () => {
          try {
            const message = await parseMail(raw, envelopeTo);
            if (options.saveDir) {
              const name = `${Date.now()}-${randomUUID()}.eml`;
              // Written under another name, then renamed: a reader never sees half a file.
              await writeFile(join(options.saveDir, `${name}.part`), raw);
              await rename(join(options.saveDir, `${name}.part`), join(options.saveDir, name));
            }
            messages.push(message);
            for (const wake of waiters) wake();
            callback();
          } catch (error) {
            callback(error as Error);
          }
        })();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => {}); // a client hanging up mid-message is not the test's failure
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = messages.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`no matching mail within ${String(timeoutMs)} ms (received: ${seen})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** The first http(s) URL in `text` whose path starts with `path` (e.g. '/verify-email'). */
export function linkIn(text: string, path: string): string | undefined {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    const candidate = match[0].replace(/[.,;:!?]+$/, ''); // a sentence's full stop is not the link's
    try {
      if (new URL(candidate).pathname.startsWith(path)) return candidate;
    } catch {
      // not a URL after all
    }
  }
  return undefined;
}
