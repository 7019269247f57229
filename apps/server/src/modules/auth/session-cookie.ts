import { SESSION_COOKIE } from '@nuvem/contracts/auth';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { IssuedSession } from './auth.service.js';

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
