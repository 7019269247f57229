import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from './sessions.service.js';

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * The origins a redirect may lead to: this site's configured public address (PUBLIC_URL) and the
 * allowed ecosystem origins. Never the Host header: whoever sends the request chooses it (a
 * misrouting proxy, DNS rebinding), so it cannot say which site this is. The request is not read.
 */
export function ownOrigins(_request: FastifyRequest, publicOrigin: string, allowed: readonly string[]): Set<string> {
  return new Set([publicOrigin, ...allowed]);
}
