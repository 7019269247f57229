import fp from 'fastify-plugin';
import type { App } from '../../types.js';

/**
 * JSON bodies parsed by Fastify's own (prototype-poisoning safe) parser, except that an empty
 * body reads as no body. The spec's clients send `Content-Type: application/json` on every call,
 * DELETE and body-less POSTs included; Fastify alone would refuse those with 400.
 */
export const jsonBodyPlugin = fp(
  async (app: App) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      void parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
