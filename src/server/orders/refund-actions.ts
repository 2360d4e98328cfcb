import { defineAction } from '@/server/core/action';
import { mustBeOrderVersion, refundKeyUsed } from '@/server/orders/version';
import { AppError } from '@/server/core/errors';
import { RefundSchema } from '@/lib/schemas/refunds';
import { getStaffOrder } from '@/server/orders/manage';
import { refundOrder } from '@/server/orders/refunds';
import { queueOrderEvent } from '@/server/orders/order-mail';
import { toDecimal } from '@/server/payments/money';

/**
 * A refund of one order (`POST api/v1/admin/orders/{id}/refunds {amount?, reason, lines?, shipping?, restock?, outside?,
 * return_id?}` with an `Idempotency-Key`): the same key again answers the same refund, and refunds nothing more.
 */
export const refundOrderAction = defineAction({
  name: 'orders.refund',
  input: RefundSchema,
  auth: { can: 'refund:order' },
  // Stock given back by a restock is announced by the stock code; orders are never cached.
  invalidates: [],
  run: async (input, actor, { scope, tx, audit }) => {
    const key = input.idempotency_key;
    if (!key) throw new AppError({ code: 'BAD_REQUEST', message: 'backoffice.refunds.errors.noKey' });
    await getStaffOrder(input.id, scope, tx);
    // A replay of a refund already made answers it (a double click), whatever changed since.
    if (!(await refundKeyUsed(tx, input.id, key))) await mustBeOrderVersion(tx, input.id, input.version);
    const result = await refundOrder(tx, input.id, { ...input, idempotency_key: key }, actor.user?.id ?? null);
    const r = result.refund;
    audit({
      entity: 'order',
      entityId: input.id,
      before: result.replayed ? null : { refunded_total: result.refunded_total - r.amount },
      after: result.replayed
        ? { refund_id: r.id, replayed: true }
        : {
            refund_id: r.id,
            amount: r.amount,
            reason: r.reason,
            lines: r.lines,
            shipping: r.shipping,
            restock: r.restock,
            gateway: r.gateway,
          },
    });
    if (!result.replayed)
      await queueOrderEvent(
        tx,
        {
          order_id: result.order_id,
          email: result.email,
          event: 'refunded',
          vars: { amount: `${toDecimal(r.amount, r.currency)} ${r.currency}` },
          reason: r.reason,
        },
        actor,
      );
    return result;
  },
  message: (r) => (r.replayed ? 'backoffice.refunds.replayed' : 'backoffice.refunds.done'),
  data: ({ email: _email, ...r }) => r,
});
