import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../lib/ids.js';
import type { JobContext, JobQueue } from '../../plugins/app/queue.js';
import { MAIL_SEND_JOB, type MailRepository } from './mail.repository.js';
import type { Mailer, MailRequest } from './mail.types.js';
import { renderMail } from './render.js';
import type { MailTransport } from './transport.js';

/**
 * Attempts after the first. pg-boss doubles the delay (from 5-10 s, with jitter), so the last
 * comes 6 to 11 hours after the first: a mail server down for a few hours loses nothing.
 */
export const MAIL_RETRY_LIMIT = 12;
/** A row not sent this long after it was written, with no job for it, is queued again. */
export const STRANDED_AFTER_MS = 2 * 60_000;

const lineBreak = /[\r\n]/;
// One plain address: no display name, list or header tricks (the transport adds nothing to it).
const address = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

/** The links a message carries (not the footer's link to the portal's home). */
function linksIn(text: string, home: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const link = match[0].replace(/[.,;:!?)]+$/, '');
    if (link.replace(/\/$/, '') !== home) found.add(link);
  }
  return [...found];
}

export function createMailService(deps: {
  repo: MailRepository;
  queue: Pick<JobQueue, 'send'>;
  transport: MailTransport;
  publicUrl: URL;
  from: string;
  log: FastifyBaseLogger;
}) {
  const { repo, queue, transport, publicUrl, from, log } = deps;
  const home = publicUrl.toString().replace(/\/$/, '');
  const messageIdHost = publicUrl.hostname || 'nuvem.local';

  const queueSend = async (id: string): Promise<void> => {
    try {
      await queue.send(MAIL_SEND_JOB, { id });
    } catch (error) {
      // The row is written: the sweep queues it again.
      log.warn({ err: error, mailId: id }, 'queueing a mail failed; the outbox sweep sends it later');
    }
  };

  const mailer: Mailer = {
    async send(request: MailRequest): Promise<boolean> {
      const to = request.to.trim();
      if (!address.test(to)) throw new Error(`mail ${request.template}: not one plain e-mail address`);
      if (lineBreak.test(request.content.subject))
        throw new Error(`mail ${request.template}: a line break in the subject`);
      const rendered = renderMail(request.content, { publicUrl });
      const row = await repo.insert({
        id: newId('mail'),
        dedupeKey: request.key,
        userId: request.userId ?? null,
        template: request.template,
        to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        attachments: (request.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: (typeof a.content === 'string' ? Buffer.from(a.content, 'utf8') : a.content).toString('base64'),
        })),
      });
      if (!row) {
        log.debug({ template: request.template }, 'mail already written for this event; not sent again');
        return false;
      }
      await queueSend(row.id);
      return true;
    },

    link(path: string, params: Record<string, string> = {}): string {
      if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`mail link: ${path} is not a path`);
      const url = new URL(publicUrl.toString());
      url.pathname = `${publicUrl.pathname.replace(/\/$/, '')}${path}`;
      url.search = new URLSearchParams(params).toString();
      url.hash = '';
      return url.toString();
    },
  };

  return {
    ...mailer,

    /** The `mail.send` job: one attempt at one outbox row. */
    async deliver(id: string, job: Pick<JobContext, 'retryCount'>, retryLimit = MAIL_RETRY_LIMIT): Promise<object> {
      const row = await repo.claim(id);
      if (!row) {
        // Sent already, failed for good, or another job holds it right now.
        log.debug({ mailId: id }, 'mail not pending; nothing to send');
        return { skipped: true };
      }
      const messageId = `<${row.id}@${messageIdHost}>`;
      try {
        const result = await transport.send({
          id: row.id,
          messageId,
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          attachments: row.attachments.map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })),
          createdAt: row.createdAt,
        });
        await repo.markSent(row.id, messageId);
        const line = { mailId: row.id, template: row.template, attempt: row.attempts };
        if (transport.kind !== 'smtp') {
          // No SMTP server: whoever runs the portal follows the links from the log.
          log.info(
            { ...line, to: row.to, subject: row.subject, links: linksIn(row.text, home), file: result.where },
            `mail "${row.subject}" to ${row.to} written to ${result.where}`,
          );
        } else {
          log.info({ ...line, messageId }, 'mail sent');
        }
        return { messageId };
      } catch (error) {
        const last = job.retryCount >= retryLimit;
        const reason = error instanceof Error ? error.message : String(error);
        await repo.release(row.id, last ? 'failed' : 'pending', reason);
        if (last)
          log.error({ err: error, mailId: row.id, template: row.template }, 'mail could not be sent; giving up');
        else log.warn({ err: error, mailId: row.id, attempt: row.attempts }, 'sending a mail failed; it is retried');
        throw error;
      }
    },

    /**
     * Queues again what was written but is neither sent nor waited for by a job: a crash between
     * the write and the queue, or a job that died with its instance. Returns how many.
     */
    async sweep(now = new Date()): Promise<number> {
      const rows = await repo.stranded(new Date(now.getTime() - STRANDED_AFTER_MS));
      for (const row of rows) {
        if (row.status === 'sending') await repo.reopen(row.id);
        await queueSend(row.id);
      }
      if (rows.length > 0) log.info({ mails: rows.length }, 'unsent mail queued again');
      return rows.length;
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
