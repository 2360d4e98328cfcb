import type { APIContext } from 'astro';
import { runQuery } from '@/server/web/queries';
import { orderDocumentQuery } from '@/server/orders/documents';
import { renderPackingSlipPdf } from '@/server/orders/invoice-pdf';

/**
 * GET of an order's packing slip as a PDF (`/admin/orders/{id}/packing-slip.pdf`, the seller's page and its
 * endpoint twin): the order in the caller's scope (another store's order is the query's 404), no prices.
 */
export async function packingSlipPdfResponse(ctx: APIContext): Promise<Response> {
  const { order } = await runQuery(ctx, orderDocumentQuery);
  const pdf = await renderPackingSlipPdf(order, ctx.locals.lang, ctx.locals.settings);
  return new Response(pdf, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="packing-slip-${order.order_no.replace(/[^\w.-]/g, '_')}.pdf"`,
    },
  });
}
