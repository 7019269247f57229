/** The languages mail is written in (the web catalogue's). Anything else reads as English. */
export type MailLocale = 'en' | 'pt-PT';

export function mailLocale(value: string | null | undefined): MailLocale {
  return value === 'pt-PT' || value?.toLowerCase().startsWith('pt') ? 'pt-PT' : 'en';
}

/**
 * What a message says, already in the reader's language: the mail module lays it out as plain
 * text and as simple HTML (escaped; one button for `action`).
 */
export interface MailContent {
  subject: string;
  /** The greeting line, e.g. "Hello Ana,". */
  greeting?: string;
  /** Paragraphs, in order. */
  paragraphs: string[];
  /** The one link the message is about: a button in HTML, the bare URL in text. */
  action?: { label: string; url: string };
  /** Below the action, smaller: e.g. "If you did not ask for this, ignore this message." */
  footer?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

export interface MailRequest {
  /**
   * One per event (e.g. `order-paid:ord_…`, `verify-email:<token-hash>`): a second request with the
   * same key is ignored, so one event never mails twice.
   */
  key: string;
  /** The kind of message (verify-email, password-reset, order-receipt, …), for logs and tests. */
  template: string;
  to: string;
  /** Whose message it is (none for an address nobody owns yet). */
  userId?: string | null;
  content: MailContent;
  attachments?: MailAttachment[];
}

/** `app.mail`: transactional mail through a durable outbox. */
export interface Mailer {
  /**
   * Writes the message to the outbox (durable from then on) and queues its sending, retried with
   * backoff. False when a message with this key was already written (nothing is sent again).
   */
  send(request: MailRequest): Promise<boolean>;
  /** An absolute link into the portal, built from PUBLIC_URL only (never from the request). */
  link(path: string, params?: Record<string, string>): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}
