import fp from 'fastify-plugin';
import { asciiLocation } from '../../lib/redirects.js';
import type { App } from '../../types.js';

const notPrintableAscii = /[^\x21-\x7e]/;

/**
 * Every Location header leaves as printable ASCII. Node refuses a header with other characters
 * only once the reply is being written, which turned a redirect to `/\u3002x` into a bare 500
 * without security headers (and a social sign-in into a session with no cookie). safeRedirect
 * already encodes what it returns; this catches any redirect built elsewhere.
 */
export const locationHeaderPlugin = fp(
  async (app: App) => {
    app.addHook('onSend', (_request, reply, payload, done) => {
      const location = reply.getHeader('location');
      if (typeof location === 'string' && notPrintableAscii.test(location)) {
        reply.header('location', asciiLocation(location));
      }
      done(null, payload);
    });
  },
  { name: 'location-header' },
);
