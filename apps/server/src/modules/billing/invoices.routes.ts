import { invoicesResponseSchema, pricingMessages } from '@nuvem/contracts/billing';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/principal.js';
import type { BillingService } from './billing.service.js';
import { createInvoiceViews } from './invoices.service.js';

const errors = { 401: errorResponseSchema, 404: errorResponseSchema };
const signIn = { auth: 'session' as const, unauthorizedMessage: pricingMessages.signInRequired };
const idParams = z.object({ id: z.string().min(1).max(100) });
const pdfDescription = 'The PDF itself (application/pdf), as a download.';

function sendPdf(reply: FastifyReply, document: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${document.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(document.pdf);
}

/** The account's invoices and credit notes (below /api/payments), and their PDFs: owners only. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app) => {
  const views = createInvoiceViews(app.db);

  app.get(
    '/invoices',
    { config: signIn, schema: { tags: ['payments'], response: { 200: invoicesResponseSchema, ...errors } } },
    async (request) => ({ invoices: await views.list(principalOf(request).userId) }),
  );

  app.get(
    '/invoices/:id/pdf',
    { config: signIn, schema: { tags: ['payments'], params: idParams, description: pdfDescription } },
    async (request, reply) => sendPdf(reply, await views.invoicePdf(principalOf(request).userId, request.params.id)),
  );

  app.get(
    '/orders/:id/invoice.pdf',
    { config: signIn, schema: { tags: ['payments'], params: idParams, description: pdfDescription } },
    async (request, reply) =>
      sendPdf(reply, await views.orderInvoicePdf(principalOf(request).userId, request.params.id)),
  );
};
