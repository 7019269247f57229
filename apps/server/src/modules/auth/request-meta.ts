import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from './auth.service.js';

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** This site's origins: the configured public address and the one this request came in on. */
export function ownOrigins(request: FastifyRequest, publicOrigin: string, allowed: readonly string[]): Set<string> {
  return new Set([publicOrigin, `${request.protocol}://${request.host}`, ...allowed]);
}
