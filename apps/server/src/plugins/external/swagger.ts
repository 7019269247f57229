import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../../types.js';

/** The OpenAPI document, built from the same zod schemas that validate requests; UI at /docs. */
export const swaggerPlugin = fp(
  async (app: App) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Nuvem API', description: 'The Nuvem portal API', version: '0.1.0' },
        servers: [{ url: app.config.publicUrl.origin }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
