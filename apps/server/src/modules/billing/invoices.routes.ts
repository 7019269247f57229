import { invoicesResponseSchema, pricingMessages } from '@nuvem/contracts/billing';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/principal.js';
import type { BillingService } from './billing.service.js';
import { createInvoiceViews } from './invoices.service.js';

const errors = { 401: errorResponseSchema, 404: errorResponseSchema };
/** The workspace's invoices: any member whose role reads billing. */
const readBilling = {
  auth: 'session' as const,
  unauthorizedMessage: pricingMessages.signInRequired,
  permission: 'billing:read' as const,
};
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

/** The workspace's invoices and credit notes (below /api/payments), and their PDFs: its members only. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app) => {
  const views = createInvoiceViews(app.db);

  app.get(
    '/invoices',
    { config: readBilling, schema: { tags: ['payments'], response: { 200: invoicesResponseSchema, ...errors } } },
    async (request) => ({ invoices: await views.list(principalOf(request).workspaceId) }),
  );

  app.get(
    '/invoices/:id/pdf',
    { config: readBilling, schema: { tags: ['payments'], params: idParams, description: pdfDescription } },
    async (request, reply) =>
      sendPdf(reply, await views.invoicePdf(principalOf(request).workspaceId, request.params.id)),
  );

  app.get(
    '/orders/:id/invoice.pdf',
    { config: readBilling, schema: { tags: ['payments'], params: idParams, description: pdfDescription } },
    async (request, reply) =>
      sendPdf(reply, await views.orderInvoicePdf(principalOf(request).workspaceId, request.params.id)),
  );
};
