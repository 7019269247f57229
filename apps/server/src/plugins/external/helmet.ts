import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { jsonSurface } from '../../lib/surfaces.js';
import type { App } from '../../types.js';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our origin (no inline
 * script, no eval), nothing framed, no plugins. Styles allow 'unsafe-inline' because Radix's scroll
 * lock and sonner insert <style> elements at run time; see docs/decisions/004-content-security-policy.md.
 */
export function securityHeaderOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over https; on http://localhost it would pin the browser wrongly.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Runs helmet once against a recording response and returns the headers it sets. The headers do
 * not depend on the request, and @fastify/helmet rebuilds helmet (parsing the CSP) on every
 * request, which cost a large share of a small request's CPU (docs/decisions/005-security-headers.md).
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      // helmet removes X-Powered-By; Fastify never sets it.
      Reflect.deleteProperty(headers, name.toLowerCase());
    },
  };
  let failure: Error | undefined;
  // helmet reads nothing from the request and only sets or removes headers on the response.
  const request = Object.create(null) as IncomingMessage;
  helmet(options)(request, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error instanceof Error ? error : new Error('helmet failed to build the headers');
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The headers for the APIs' JSON answers: a page's Content-Security-Policy means nothing on JSON,
 * so an answer opened directly gets `default-src 'none'` (nothing runs, nothing loads), and is not
 * sniffed, framed or embedded. A tenth of the bytes of the page set, on the hottest paths.
 */
export function apiSecurityHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const hsts = documentHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

export const helmetPlugin = fp(
  async (app: App) => {
    const documentHeaders = computeSecurityHeaders(securityHeaderOptions(app.config.publicUrl.protocol === 'https:'));
    const apiHeaders = apiSecurityHeaders(documentHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      // By the route that matched (the router decodes `/%61pi/…`), else the raw path of a miss.
      reply.headers(jsonSurface.test(request.routeOptions.url ?? request.url) ? apiHeaders : documentHeaders);
      done();
    });
  },
  { name: 'helmet' },
);
