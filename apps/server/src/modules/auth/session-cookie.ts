import { SESSION_COOKIE } from '@nuvem/contracts/auth';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { IssuedSession } from './sessions.service.js';

/** The session cookie: HttpOnly, SameSite=Lax, Secure over https, living as long as the session. */
export function setSessionCookie(reply: FastifyReply, config: AppConfig, session: IssuedSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.protocol === 'https:',
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.protocol === 'https:',
    path: '/',
  });
}

/**
 * A social identity waiting to be linked to this browser's next password sign-in (see
 * `offerPendingLink`): HttpOnly, SameSite=Lax, sent only to the sign-in routes, ten minutes.
 */
export const PENDING_LINK_COOKIE = 'nuvem_link';
const pendingLinkCookie = (config: AppConfig) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.publicUrl.protocol === 'https:',
  path: '/auth',
});

export function setPendingLinkCookie(reply: FastifyReply, config: AppConfig, token: string, maxAgeMs: number): void {
  reply.setCookie(PENDING_LINK_COOKIE, token, { ...pendingLinkCookie(config), maxAge: Math.floor(maxAgeMs / 1000) });
}

export function clearPendingLinkCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(PENDING_LINK_COOKIE, pendingLinkCookie(config));
}
