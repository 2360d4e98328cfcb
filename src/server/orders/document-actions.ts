import { defineAction } from '@/server/core/action';
import { StaffOrderIdSchema } from '@/lib/schemas/backoffice';
import { mustSeeOrder } from '@/server/orders/shipments';
import { issueInvoice } from '@/server/orders/documents';

/** Issues the order's invoice number (`POST api/v1/admin/orders/{id}/invoice`): the next of the year, once per order. */
export const issueInvoiceAction = defineAction({
  name: 'orders.invoice',
  input: StaffOrderIdSchema,
  auth: { can: 'update:order' },
  invalidates: [],
  run: async ({ id }, _actor, { scope, tx, audit }) => {
    await mustSeeOrder(tx, id, scope);
    const invoice = await issueInvoice(tx, id);
    audit({ entity: 'order', entityId: id, before: null, after: { invoice: invoice.number, issued: invoice.issued } });
    return invoice;
  },
  message: (invoice, t) => t('backoffice.documents.issued', { number: invoice.number }),
  data: ({ issued: _issued, ...invoice }) => invoice,
  back: (invoice) => `/admin/orders/${invoice.order_id}/invoice`,
});
