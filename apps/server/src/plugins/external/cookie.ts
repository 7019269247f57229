import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import type { App } from '../../types.js';

export const cookiePlugin = fp(
  async (app: App) => {
    await app.register(cookie);
  },
  { name: 'cookie' },
);
