import { route } from '@/server/web/route';
import { runQuery } from '@/server/web/queries';
import { orderDocumentQuery } from '@/server/orders/documents';
import { renderInvoicePdf } from '@/server/orders/invoice-pdf';
import { localHref } from '@/lib/urls';

/** The order's invoice as a PDF; before its number is issued, the invoice page (which issues it). */
export const ALL = route({
  GET: async (ctx) => {
    const { order, invoice } = await runQuery(ctx, orderDocumentQuery);
    if (!invoice) return ctx.redirect(localHref(`/admin/orders/${order.id}/invoice`), 303);
    const pdf = await renderInvoicePdf(order, invoice, ctx.locals.lang, ctx.locals.settings);
    return new Response(pdf, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="invoice-${invoice.number}.pdf"`,
      },
    });
  },
});
