import { MFA_TICKET_COOKIE, MFA_TICKET_TTL_MS } from '@nuvem/contracts/mfa';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config.js';

/**
 * The ticket of a social sign-in waiting for its second step: the provider sends the browser back
 * by a redirect, so the ticket travels in this cookie (HttpOnly, SameSite=Lax, only to /auth, as
 * long as the ticket lives) instead of a reply the page could read.
 */
const mfaTicketCookie = (config: AppConfig) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.publicUrl.protocol === 'https:',
  path: '/auth',
});

export function setMfaTicketCookie(reply: FastifyReply, config: AppConfig, ticket: string): void {
  reply.setCookie(MFA_TICKET_COOKIE, ticket, { ...mfaTicketCookie(config), maxAge: MFA_TICKET_TTL_MS / 1000 });
}

export function clearMfaTicketCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(MFA_TICKET_COOKIE, mfaTicketCookie(config));
}
