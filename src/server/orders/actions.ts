import { defineAction } from '@/server/core/action';
import { allStale, mustBeOrderVersion, staleOrders } from '@/server/orders/version';
import { signedInUser } from '@/server/core/actor';
import {
  OrderActionSchema,
  OrderIdSchema,
  OrderTransactionSchema,
  PaymentMethodChangeSchema,
  PaymentTaxSchema,
  VisitedPageSchema,
  VoucherValiditySchema,
} from '@/lib/schemas/checkout';
import { placeOrder } from '@/server/orders/place';
import { publicOrigin } from '@/server/core/origin';
import { startPayment } from '@/server/orders/after';
import { resendOrderEmail } from '@/server/orders/email';
import { recordVisit, updateVisit } from '@/server/orders/visits';
import { paymentTax, voucherValidity } from '@/server/checkout/preview';
import { CancelOrderSchema } from '@/lib/schemas/orders';
import { cancelOrder, changeStatus, confirmTransfer, type StatusChange } from '@/server/orders/life';
import { getStaffOrder } from '@/server/orders/manage';
import { can, forbidden, type Scope } from '@/server/core/policy';
import { AppError } from '@/server/core/errors';
import { queryRows, type Tx } from '@/server/db/client';
import { sql } from 'drizzle-orm';
import { OrdersBulkSchema, OrderStatusChangeSchema, StaffOrderIdSchema } from '@/lib/schemas/backoffice';
import { queueStatusMails } from '@/server/orders/status-email';
import { saveTransferDetails } from '@/server/orders/transfer';
import { switchPaymentMethod } from '@/server/orders/repay';
import { mustSeeOrder, shipOrder, type Shipped } from '@/server/orders/shipments';
import { queueShipmentMails } from '@/server/orders/shipment-email';

/** POST order/action (Idempotency-Key header or the form's hidden `idempotency_key`) → `{order_id, orders, total, payment}`. */
export const placeOrderAction = defineAction({
  name: 'order.place',
  input: OrderActionSchema,
  auth: 'user',
  run: async (input, actor) => {
    const user = signedInUser(actor);
    // The confirmation is queued in the order's transaction (the outbox): it goes out once the order exists, never otherwise.
    const placed = await placeOrder(user, input, new Date(), { lang: actor.lang, origin: publicOrigin(), siteName: actor.siteName });
    if (placed.replayed) return placed;
    return { ...(await startPayment(placed, user, actor, input.idempotency_key)), replayed: false };
  },
  message: 'checkout.placed',
  data: ({ replayed: _replayed, ...placed }) => placed,
  back: (result) => result.payment.next ?? `/user/order/${result.order_id}`,
});

/** POST order/payment-tax `{address_id?, shipping_type?, voucher_code?}` → tax and totals before paying. */
export const paymentTaxAction = defineAction({
  name: 'order.tax',
  input: PaymentTaxSchema,
  auth: 'user',
  run: (input, actor) => paymentTax(signedInUser(actor).id, input),
  message: 'checkout.taxReady',
});

/** POST voucher/validity `{code}` → `{code, price_type, amount, discount}`, or 201 with the reason. */
export const voucherValidityAction = defineAction({
  name: 'voucher.validity',
  input: VoucherValiditySchema,
  auth: 'user',
  run: (input, actor) => voucherValidity(signedInUser(actor).id, input.code),
  message: 'checkout.voucherApplied',
  back: (_r, input) => `/checkout?voucher=${encodeURIComponent(input.code)}`,
});

/** POST order/send-order-email `{order_id}`: the confirmation again. */
export const sendOrderEmailAction = defineAction({
  name: 'order.email',
  input: OrderIdSchema,
  auth: 'user',
  run: (input, actor) => resendOrderEmail(signedInUser(actor).id, input.order_id, actor),
  message: 'checkout.emailSent',
});

/** POST visited-pages/{order_id} `{link}`: the first visit (count 1). */
export const recordVisitAction = defineAction({
  name: 'visit.record',
  input: VisitedPageSchema,
  auth: 'user',
  run: (input, actor) => recordVisit(signedInUser(actor).id, input.order_id, input.link),
  message: 'checkout.visitRecorded',
});

/** PUT visited-pages/{order_id} `{link, visit_count}`. */
export const updateVisitAction = defineAction({
  name: 'visit.update',
  input: VisitedPageSchema,
  auth: 'user',
  run: (input, actor) => updateVisit(signedInUser(actor).id, input.order_id, input.link, input.visit_count ?? 1),
  message: 'checkout.visitRecorded',
});

/** POST cancellation/cancel-order `{order_id, reason}`: the shopper's own order, until shipped; the mail is queued in the cancellation's transaction. */
export const cancelOrderAction = defineAction({
  name: 'order.cancel',
  input: CancelOrderSchema,
  auth: 'user',
  run: (input, actor) =>
    cancelOrder(signedInUser(actor).id, input.order_id, input.reason, { lang: actor.lang, origin: actor.origin, siteName: actor.siteName }),
  message: 'orders.cancelled',
  data: (c) => ({ order_id: c.order_id, status: c.to }),
  back: (c) => `/user/order/${c.order_id}`,
});

/** An order moved on from the back office (`POST api/v1/{admin|seller}/orders/{id}/status {status, note?}`), in the caller's scope. */
export const changeOrderStatus = defineAction({
  name: 'orders.status',
  input: OrderStatusChangeSchema,
  auth: { can: 'update:order' },
  // Orders are never kept in a cache; stock given back by a cancellation is announced by the stock code.
  invalidates: [],
  run: async (input, actor, { scope, tx, audit }) => {
    // Outside the scope (another store's order) is 404 before anything is read or changed.
    const before = await getStaffOrder(input.id, scope, tx);
    await mustBeOrderVersion(tx, input.id, input.version);
    if (input.status === 'refunded' && !can(actor.user, 'refund:order')) throw forbidden();
    // An order that cannot be cancelled at all is told so (changeStatus's reason), not asked for a note first.
    if (input.status === 'cancelled' && (before.next as string[]).includes('cancelled')) await mayCancel(tx, input.id, input.note, scope);
    const change = await changeStatus(input.id, input.status, input.note || null, tx);
    audit({
      entity: 'order',
      entityId: input.id,
      before: { status: before.status, payment_status: before.payment_status },
      after: { status: change.to, note: input.note || null },
    });
    await queueStatusMails(tx, [change], { origin: actor.origin, siteName: actor.siteName }, input.note || undefined);
    return change;
  },
  message: 'backoffice.orders.statusChanged',
  data: (c) => ({ order_id: c.order_id, status: c.to }),
});

/**
 * A cancellation from the back office says why (the shopper is mailed the reason); a seller cancels only before
 * any parcel left (the operator still may, e.g. a lost parcel).
 */
async function mayCancel(tx: Tx, orderId: number, note: string, scope: Scope): Promise<void> {
  if (!note.trim())
    throw new AppError({
      code: 'VALIDATION',
      message: 'backoffice.orders.cancelReason',
      details: { fields: { note: 'backoffice.orders.cancelReason' } },
    });
  if (scope.kind === 'any') return;
  const [sent] = await queryRows<{ id: number }>(tx, sql`select id from shipments where order_id = ${orderId} limit 1`);
  if (sent) throw new AppError({ code: 'VALIDATION', message: 'orders.errors.partlyShipped' });
}

/** The bank transfer of an order's purchase arrived (`POST api/v1/{admin|seller}/orders/{id}/confirm-transfer`). */
export const confirmOrderTransfer = defineAction({
  name: 'orders.confirm-transfer',
  input: StaffOrderIdSchema,
  auth: { can: 'update:order' },
  invalidates: [],
  run: async ({ id, version }, actor, { scope, tx, audit }) => {
    const before = await getStaffOrder(id, scope, tx);
    await mustBeOrderVersion(tx, id, version);
    const changes = await confirmTransfer(id, tx);
    audit({
      entity: 'order',
      entityId: id,
      before: { payment_status: before.payment_status, status: before.status },
      after: { payment_status: 1, changed: changes.map((c) => ({ id: c.order_id, status: c.to })) },
    });
    await queueStatusMails(tx, changes, { origin: actor.origin, siteName: actor.siteName });
    return changes;
  },
  message: 'backoffice.orders.transferConfirmed',
  data: (changes) => ({ orders: changes.map((c) => ({ order_id: c.order_id, status: c.to })) }),
});

/** What a bulk action did: the orders moved on, and the ticked ones skipped because they changed since the list was drawn. */
export interface BulkDone {
  changes: StatusChange[];
  skipped: { id: number; order_no: string }[];
}

/**
 * A bulk action on the orders ticked in the list (`POST api/v1/{admin|seller}/orders/bulk {ids, action, carrier?, versions?}`):
 * `confirm`, or `ship` (every line left of each order, with one carrier). The ticked orders are locked first; one
 * that changed since the list was drawn (its version moved on) is skipped and named in the answer, never acted on
 * blindly; every one changed: 409. The rest is all or none: one refusal (a step the order's state forbids) changes nothing.
 */
export const bulkOrders = defineAction({
  name: 'orders.bulk',
  input: OrdersBulkSchema,
  auth: { can: 'update:order' },
  invalidates: [],
  run: async ({ ids, action, carrier, versions }, actor, { scope, tx, audit }): Promise<BulkDone> => {
    // Every order must be the caller's to see (404 otherwise, before anything is locked or changed).
    for (const id of ids) await mustSeeOrder(tx, id, scope);
    const skipped = await staleOrders(tx, ids, versions);
    if (skipped.length === ids.length) throw allStale(skipped);
    const todo = ids.filter((id) => !skipped.some((s) => s.id === id));
    const skippedNos = skipped.map((s) => s.order_no);
    if (action === 'ship') {
      const shipped: Shipped[] = [];
      for (const id of todo)
        shipped.push(await shipOrder(tx, id, { lines: 'rest', carrier, tracking_number: '' }, actor.user?.id ?? null));
      audit({ entity: 'order', entityId: null, before: null, after: { ids: todo, shipped: true, carrier, skipped: skippedNos } });
      await queueShipmentMails(tx, shipped, { origin: actor.origin, siteName: actor.siteName });
      return { changes: shipped.map((s) => s.change!), skipped };
    }
    const changes: StatusChange[] = [];
    for (const id of todo) changes.push(await changeStatus(id, 'confirmed', null, tx));
    audit({
      entity: 'order',
      entityId: null,
      before: { ids: todo, status: changes.map((c) => c.from) },
      after: { ids: todo, status: 'confirmed', skipped: skippedNos },
    });
    await queueStatusMails(tx, changes, { origin: actor.origin, siteName: actor.siteName });
    return { changes, skipped };
  },
  message: ({ changes, skipped }, t) => {
    const done = t(
      changes[0]?.to === 'shipped'
        ? changes.length === 1
          ? 'backoffice.shipments.bulkDoneOne'
          : 'backoffice.shipments.bulkDoneMany'
        : changes.length === 1
          ? 'backoffice.orders.bulkDoneOne'
          : 'backoffice.orders.bulkDoneMany',
      { n: changes.length },
    );
    return skipped.length ? `${done} ${t('ordersdesk.bulk.skipped', { orders: skipped.map((s) => s.order_no).join(', ') })}` : done;
  },
  data: ({ changes, skipped }) => ({
    orders: changes.map((c) => ({ order_id: c.order_id, status: c.to })),
    skipped: skipped.map((s) => ({ order_id: s.id, order_no: s.order_no })),
  }),
});

/** POST order/transaction `{order_id, transaction_id, bank_name, account_holder, account_number, branch_name}`: the transfer's details. */
export const orderTransactionAction = defineAction({
  name: 'order.transaction',
  input: OrderTransactionSchema,
  auth: 'user',
  run: (input, actor) => {
    const { order_id: orderId, ...details } = input;
    return saveTransferDetails(signedInUser(actor).id, orderId, details);
  },
  message: 'orders.transferSaved',
  back: (r) => `/user/order/${r.order_id}#transfer`,
});

/** POST order/payment-method `{order_id, payment_method}`: an unpaid order paid another way; lands where that method goes. */
export const paymentMethodChangeAction = defineAction({
  name: 'order.payment-method',
  input: PaymentMethodChangeSchema,
  auth: 'user',
  run: (input, actor) => switchPaymentMethod(signedInUser(actor), input.order_id, input.payment_method, actor),
  message: 'orders.methodChanged',
  back: (r) => r.next,
});
