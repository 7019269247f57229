import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { newId } from '../../lib/ids.js';
import {
  createTestDatabase,
  testConfig,
  testDriver,
  useTestApp,
  type TestDatabase,
} from '../../test/helper.testing.js';
import { linkIn, parseMail, startTestSmtp, type TestSmtp } from '../../test/smtp.testing.js';
import type { App } from '../../types.js';
import { createMailRepository, MAIL_SEND_JOB } from './mail.repository.js';
import type { MailRequest } from './mail.types.js';

const from = 'Nuvem <no-reply@nuvem.test>';
let counter = 0;
function request(overrides: Partial<MailRequest> = {}): MailRequest {
  counter += 1;
  return {
    key: `test:${String(counter)}:${newId('mail')}`,
    template: 'test',
    to: `reader${String(counter)}@example.com`,
    content: { subject: `Hello ${String(counter)}`, paragraphs: ['Body'] },
    ...overrides,
  };
}

describe(`mail over SMTP on ${testDriver}`, () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const server = useTestApp({
    config: {
      get mail() {
        return { smtpUrl: smtp.url, from, retryDelaySeconds: 1 };
      },
    },
  });

  it('delivers text, HTML and an attachment, with links from PUBLIC_URL and a stable Message-ID', async () => {
    const { app } = server;
    const link = app.mail.link('/verify-email', { token: 'a b&c' });
    expect(link).toBe('http://localhost:3000/verify-email?token=a+b%26c');
    const req = request({
      content: {
        subject: 'Verify <your> address',
        greeting: 'Hello Ana,',
        paragraphs: ['Confirm it is you & nobody else.'],
        action: { label: 'Verify', url: link },
        footer: 'If you did not ask for this, ignore this message.',
      },
      attachments: [
        { filename: 'event.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
      ],
    });
    expect(await app.mail.send(req)).toBe(true);

    const mail = await smtp.waitFor((m) => m.to === req.to);
    expect(mail.subject).toBe('Verify <your> address');
    expect(mail.from).toContain('no-reply@nuvem.test');
    expect(mail.text).toContain('Confirm it is you & nobody else.');
    expect(linkIn(mail.text, '/verify-email')).toBe(link);
    expect(mail.text).toContain('Nuvem');
    // Escaped in HTML; the action is a button pointing at the same link.
    expect(mail.html).toContain('Confirm it is you &amp; nobody else.');
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.html).not.toContain('<your>');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.filename).toBe('event.ics');
    expect(mail.attachments[0]?.contentType).toBe('text/calendar');
    expect(mail.attachments[0]?.content.toString('utf8')).toContain('BEGIN:VCALENDAR');
    await app.queue.drain([MAIL_SEND_JOB]);
    const row = await createMailRepository(app.db).findByKey(req.key);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, messageId: `<${row?.id ?? ''}@localhost>` });
    expect(mail.messageId).toBe(row?.messageId);
  });

  it('sends one message per key, and refuses header injection', async () => {
    const { app } = server;
    const req = request();
    expect(await app.mail.send(req)).toBe(true);
    expect(await app.mail.send({ ...req, content: { subject: 'Again', paragraphs: [] } })).toBe(false);
    await smtp.waitFor((m) => m.to === req.to);
    await app.queue.drain([MAIL_SEND_JOB]);
    expect(smtp.messages.filter((m) => m.to === req.to)).toHaveLength(1);

    await expect(app.mail.send(request({ to: 'a@example.com\r\nBcc: b@example.com' }))).rejects.toThrow();
    await expect(app.mail.send(request({ to: 'A <a@example.com>, b@example.com' }))).rejects.toThrow();
    await expect(
      app.mail.send(request({ content: { subject: 'Hi\r\nBcc: b@example.com', paragraphs: [] } })),
    ).rejects.toThrow();
  });

  it('retries when the SMTP server refuses, and delivers once', async () => {
    const { app } = server;
    const req = request();
    smtp.failNext(1);
    await app.mail.send(req);
    await smtp.waitFor((m) => m.to === req.to, 15_000);
    await app.queue.drain([MAIL_SEND_JOB]);
    expect(smtp.messages.filter((m) => m.to === req.to)).toHaveLength(1);
    const row = await createMailRepository(app.db).findByKey(req.key);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(row?.lastError).toBeNull();
  });

  it('sends what a crash left in the outbox without a job', async () => {
    const { app } = server;
    const repo = createMailRepository(app.db);
    // Written, then the process died before queueing it: a row, and no job.
    const id = newId('mail');
    await repo.insert({
      id,
      dedupeKey: `crash:${id}`,
      template: 'test',
      to: 'stranded@example.com',
      subject: 'Left behind',
      text: 'Still here.\n',
      html: '<p>Still here.</p>',
      createdAt: new Date(Date.now() - 5 * 60_000),
    });
    expect(await app.mailOutbox.sweep()).toBe(1);
    const mail = await smtp.waitFor((m) => m.to === 'stranded@example.com');
    expect(mail.subject).toBe('Left behind');
    await app.queue.drain([MAIL_SEND_JOB]);
    // Nothing left to pick up, and the sent row is not sent again.
    expect(await app.mailOutbox.sweep()).toBe(0);
    expect(smtp.messages.filter((m) => m.to === 'stranded@example.com')).toHaveLength(1);
  });
});

describe(`mail without SMTP_URL on ${testDriver}`, () => {
  let app: App | undefined;
  let database: TestDatabase | undefined;
  let dataDir = '';
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nuvem-mail-'));
    database = await createTestDatabase();
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp(testConfig(database.config, { dataDir, logLevel: 'info', mail: { smtpUrl: null, from } }), {
      logStream,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes an .eml file under DATA_DIR/outbox and logs its subject, recipient and links', async () => {
    if (!app) throw new Error('no app');
    const link = app.mail.link('/reset-password', { token: 'tok123' });
    const req = request({
      content: {
        subject: 'Reset your password',
        paragraphs: ['Someone asked.'],
        action: { label: 'Reset', url: link },
      },
    });
    await app.mail.send(req);
    await app.queue.drain([MAIL_SEND_JOB]);

    const outbox = join(dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await parseMail(await readFile(join(outbox, files[0] ?? '')));
    expect(mail.to).toBe(req.to);
    expect(mail.subject).toBe('Reset your password');
    expect(linkIn(mail.text, '/reset-password')).toBe(link);

    const line = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.subject === 'Reset your password');
    expect(line).toMatchObject({ to: req.to, links: [link] });
    expect(String(line?.msg)).toContain(join(outbox, files[0] ?? ''));
  });
});
