import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SESSION_COOKIE } from '@nuvem/contracts/auth';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../../types.js';

/**
 * Each operation's credentials, from the need its route declares (`config.auth`): a session
 * (cookie or `nat_` bearer token) for `session` routes; an API key or a session on the platform
 * API. /docs then offers "Authorize" and sends them when an operation is tried.
 */
const withSecurity: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const need = input.route.config?.auth;
  if (need !== 'session' && need !== 'platform') return transformed;
  const bearer: Record<string, string[]> = { bearer: [] };
  const session: Record<string, string[]> = { session: [] };
  const security = need === 'platform' ? [bearer, session] : [session, bearer];
  return { ...transformed, schema: { ...transformed.schema, security } };
};

/** The OpenAPI document, built from the same zod schemas that validate requests; UI at /docs. */
export const swaggerPlugin = fp(
  async (app: App) => {
    const https = app.config.publicUrl.protocol === 'https:';
    await app.register(swagger, {
      openapi: {
        info: { title: 'Nuvem API', description: 'The Nuvem portal API', version: '0.1.0' },
        servers: [{ url: app.config.publicUrl.origin }],
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'An API key (nuv_…) on /api/v1, or a session access token (nat_…)',
            },
            session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          },
        },
      },
      transform: withSecurity,
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // Swagger UI styles its elements inline; and over plain http (a LAN address, say) an
      // upgrade-insecure-requests would send its own files to https and leave the page blank.
      transformStaticCSP: (header) => {
        const csp = header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'");
        return https ? csp : csp.replace(/;?\s*upgrade-insecure-requests/, '');
      },
    });
  },
  { name: 'swagger' },
);
