import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { createMailRepository, MAIL_SEND_JOB } from './mail.repository.js';
import { createMailService, MAIL_RETRY_LIMIT } from './mail.service.js';
import { createFileTransport, createLogTransport, createSmtpTransport } from './transport.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's upkeep (tests, and whoever wants unsent mail queued again now). */
    mailOutbox: { sweep(): Promise<number> };
  }
}

const SWEEP_EVERY_MS = 60_000;

/**
 * The mail module (`app.mail`): each message is written to the mail_outbox table, then sent by a
 * durable job over SMTP (SMTP_URL) or, with none, written as an .eml file under DATA_DIR/outbox.
 * See docs/decisions/026-mail-outbox.md.
 */
export const mailPlugin = fp(
  async (app: App) => {
    const { smtpUrl, from, retryDelaySeconds } = app.config.mail;
    const outboxDir =
      app.config.mail.outboxDir === undefined ? join(app.config.dataDir, 'outbox') : app.config.mail.outboxDir;
    const transport = smtpUrl
      ? createSmtpTransport(smtpUrl)
      : outboxDir === null
        ? createLogTransport()
        : createFileTransport(outboxDir);
    const service = createMailService({
      repo: createMailRepository(app.db),
      queue: app.queue,
      transport,
      publicUrl: app.config.publicUrl,
      from,
      log: app.log,
    });
    app.decorate('mail', {
      send: (request) => service.send(request),
      link: (path, params) => service.link(path, params),
    });
    app.decorate('mailOutbox', { sweep: () => service.sweep() });
    if (transport.kind === 'file') {
      app.log.info({ outbox: outboxDir }, 'no SMTP_URL: mail is written as .eml files, and the log names their links');
    }

    app.queue.define(MAIL_SEND_JOB, {
      handler: (data: { id: string }, job) => service.deliver(data.id, job),
      retryLimit: MAIL_RETRY_LIMIT,
      retryDelay: retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: 120,
      concurrency: 2,
    });
    // Its first run comes as soon as the server is ready: what a crash left unsent goes out then.
    app.queue.every('mail.sweep', SWEEP_EVERY_MS, async () => {
      await service.sweep();
    });
    app.addHook('onClose', (_app, done) => {
      transport.close();
      done();
    });
  },
  { name: 'mail', dependencies: ['db', 'queue'] },
);
