import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { returnStock } from '@/server/orders/stock';
import { returnVoucherUse } from '@/server/orders/voucher-use';
import { stopPendingPayment } from '@/server/payments/cancel';
import { runAfterAnswer } from '@/server/core/background';
import { recordSales, reverseRest } from '@/server/money/ledger';
import { queueStatusMails } from '@/server/orders/status-email';
import {
  cancelProblem,
  isOrderStatus,
  paidOnDelivery,
  transitionProblem,
  type OrderStatus,
  type Refusal,
} from '@/server/orders/transitions';

/** An order row as the life-cycle functions read it, under the purchase's row locks. */
export interface LockedOrder {
  id: number;
  order_no: string;
  user_id: number | null;
  status: OrderStatus;
  payment_status: number;
  payment_method: number;
  voucher_id: number | null;
  email: string;
}

/** One order that changed: what the status mail needs. */
export interface StatusChange {
  order_id: number;
  order_no: string;
  from: OrderStatus;
  to: OrderStatus;
  email: string;
  user_id: number | null;
}

/** A refused change: the 422 (201 in the envelope) with the reason a person reads. */
export const refused = (r: Refusal) => new AppError({ code: 'VALIDATION', message: r.key, vars: r.vars });

/**
 * Locks every order of the purchase `orderId` belongs to (`FOR UPDATE`, by id): changes to one purchase
 * (a cancellation sent twice, the operator shipping while the shopper cancels) run one after another,
 * and each sees what the other committed. `userId` limits it to that user's orders (anyone else: 404).
 */
export async function lockPurchase(tx: Tx, orderId: number, userId?: number): Promise<{ order: LockedOrder; all: LockedOrder[] }> {
  const [found] = await queryRows<{ order_no: string }>(
    tx,
    sql`select order_no from orders where id = ${orderId} ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}`,
  );
  if (!found) throw new AppError({ code: 'NOT_FOUND', message: 'orders.errors.notFound' });
  const all = await queryRows<LockedOrder>(
    tx,
    sql`select id, order_no, user_id, status, payment_status, payment_method, voucher_id, email from orders
        where order_no = ${found.order_no} order by id for update`,
  );
  const order = all.find((o) => o.id === orderId)!;
  if (!isOrderStatus(order.status)) throw new AppError({ code: 'CONFLICT', message: 'orders.errors.unknownStatus' });
  return { order, all };
}

async function addHistory(tx: Tx, orderId: number, status: OrderStatus, note: string | null) {
  await tx.execute(sql`insert into order_status_history (order_id, status, note) values (${orderId}, ${status}, ${note})`);
}

const changeOf = (o: LockedOrder, to: OrderStatus): StatusChange => ({
  order_id: o.id,
  order_no: o.order_no,
  from: o.status,
  to,
  email: o.email,
  user_id: o.user_id,
});

/**
 * Cancels one locked order (shopper or operator): the cancellation row, the status and its history,
 * the stock back, the voucher's use back when this was the purchase's last live order carrying it, and
 * the purchase's pending payment failed when nothing of it is left live, or paid when every order left
 * is paid (cash on delivery delivered by the other store). A paid order is marked for
 * refund (`cancellations.status = 'refund_pending'`), which `order:refund` completes.
 */
export async function cancelLocked(
  tx: Tx,
  order: LockedOrder,
  all: LockedOrder[],
  reason: string,
  byUserId: number | null,
): Promise<StatusChange> {
  const problem = cancelProblem(order.status);
  if (problem) throw refused(problem);
  const paid = order.payment_status === 1;
  const written = await queryRows<{ id: number }>(
    tx,
    sql`insert into cancellations (order_id, user_id, reason, status) values (${order.id}, ${byUserId}, ${reason}, ${paid ? 'refund_pending' : 'cancelled'})
        on conflict (order_id) do nothing returning id`,
  );
  if (!written.length) throw refused({ key: 'orders.errors.alreadyCancelled' });
  await tx.execute(sql`update orders set status = 'cancelled', updated_at = now() where id = ${order.id}`);
  await addHistory(tx, order.id, 'cancelled', reason);
  const lines = await queryRows<{ product_id: number; inventory_id: number | null; quantity: number; title: string }>(
    tx,
    sql`select product_id, inventory_id, quantity, title from order_lines where order_id = ${order.id} and product_id is not null`,
  );
  await returnStock(
    tx,
    lines.map((l) => ({ productId: l.product_id, inventoryId: l.inventory_id, quantity: l.quantity, title: l.title })),
    { reason: 'cancel', orderId: order.id, actorId: byUserId },
  );
  const others = all.filter((o) => o.id !== order.id);
  if (
    order.voucher_id !== null &&
    !others.some((o) => o.voucher_id === order.voucher_id && o.status !== 'cancelled' && o.status !== 'refunded')
  )
    await returnVoucherUse(tx, order.voucher_id, order.user_id);
  if (others.every((o) => o.status === 'cancelled' || o.status === 'refunded'))
    await tx.execute(
      sql`update payments set status = 'failed', updated_at = now() where order_no = ${order.order_no} and status = 'pending'`,
    );
  // What is left of the purchase may all be paid already (a store's order delivered cash on delivery).
  else await closePaymentIfAllPaid(tx, order.order_no);
  return changeOf(order, 'cancelled');
}

/**
 * `cancellation/cancel-order {order_id, reason}`: the shopper's own order, until it is shipped. With `mail`, the
 * shopper's status mail is queued in the cancellation's transaction (the outbox): it goes out iff the cancel commits.
 */
export async function cancelOrder(
  userId: number,
  orderId: number,
  reason: string,
  mail?: { lang: string; origin: string; siteName: string },
): Promise<StatusChange> {
  const change = await getDb().transaction(async (tx) => {
    const { order, all } = await lockPurchase(tx, orderId, userId);
    // A parcel already left: the shopper can no longer cancel (the shop still may, from the back office).
    const [sent] = await queryRows<{ id: number }>(tx, sql`select id from shipments where order_id = ${order.id} limit 1`);
    if (sent) throw refused({ key: 'orders.errors.partlyShipped' });
    const cancelled = await cancelLocked(tx, order, all, reason, userId);
    if (mail) await queueStatusMails(tx, [cancelled], mail, reason);
    return cancelled;
  });
  await stopPendingPayment(change.order_no);
  return change;
}

/**
 * The operator's move of one order to `to` (npm run shop -- order:status): only the transitions of
 * transitions.ts, one transaction, the history written; cash on delivery becomes paid on delivery;
 * cancelling goes the shopper's way (stock and voucher back); refunding closes the cancellation.
 */
export async function changeStatus(orderId: number, to: string, note: string | null, db: Tx = getDb()): Promise<StatusChange> {
  if (!isOrderStatus(to)) throw new AppError({ code: 'VALIDATION', message: 'orders.errors.noSuchStatus', vars: { status: to } });
  const change = await db.transaction(async (tx) => {
    const { order, all } = await lockPurchase(tx, orderId);
    if (to === 'cancelled' && order.status !== 'cancelled') return cancelLocked(tx, order, all, note ?? 'Cancelled by the shop', null);
    const problem = transitionProblem(order.status, to, order.payment_status === 1);
    if (problem) throw refused(problem);
    const paysNow = paidOnDelivery(to, order.payment_method, order.payment_status);
    await tx.execute(
      sql`update orders set status = ${to}, ${paysNow ? sql`payment_status = 1,` : sql``} updated_at = now() where id = ${order.id}`,
    );
    await addHistory(tx, order.id, to, note ?? (paysNow ? 'Paid on delivery' : null));
    if (paysNow) {
      await closePaymentIfAllPaid(tx, order.order_no);
      await recordSales(tx, [order.id]);
    }
    if (to === 'refunded') {
      await tx.execute(sql`update cancellations set status = 'refunded' where order_id = ${order.id}`);
      await reverseRest(tx, order.id, null);
      await tx.execute(sql`update payments set status = 'refunded', updated_at = now() where order_no = ${order.order_no} and status = 'paid'
        and not exists (select 1 from orders o where o.order_no = ${order.order_no} and o.status <> 'refunded')`);
    }
    return changeOf(order, to);
  });
  if (change.to === 'cancelled') {
    // Inside a caller's transaction (a back-office action) the gateway is told once that has committed.
    if (db === getDb()) await stopPendingPayment(change.order_no);
    else runAfterAnswer('stop a pending payment', () => stopPendingPayment(change.order_no));
  }
  return change;
}

/** The purchase's payment row is paid once every live order of it is (cash on delivery, store by store). */
async function closePaymentIfAllPaid(tx: Tx, orderNo: string) {
  await tx.execute(sql`update payments set status = 'paid', updated_at = now() where order_no = ${orderNo} and status = 'pending'
    and not exists (select 1 from orders o where o.order_no = ${orderNo} and o.payment_status = 0 and o.status not in ('cancelled', 'refunded'))`);
}

/** `order:refund <id>`: a paid order that was cancelled or delivered becomes refunded. */
export const refundOrder = (orderId: number, note: string | null) => changeStatus(orderId, 'refunded', note ?? 'Refunded');

/**
 * `order:confirm-transfer <id>`: the bank transfer of the purchase arrived. Its payment row and every live
 * order of it become paid; pending orders become confirmed. One transaction; refused for another method,
 * a cancelled order or one already paid.
 */
export async function confirmTransfer(orderId: number, db: Tx = getDb()): Promise<StatusChange[]> {
  return db.transaction(async (tx) => {
    const { order, all } = await lockPurchase(tx, orderId);
    if (order.payment_method !== 7) throw refused({ key: 'orders.errors.notBankTransfer' });
    if (order.status === 'cancelled' || order.status === 'refunded') throw refused({ key: 'orders.errors.cancelledNoPayment' });
    if (order.payment_status === 1) throw refused({ key: 'orders.errors.alreadyPaid' });
    const live = all.filter((o) => o.status !== 'cancelled' && o.status !== 'refunded');
    await tx.execute(
      sql`update payments set status = 'paid', updated_at = now() where order_no = ${order.order_no} and status = 'pending'`,
    );
    const changes: StatusChange[] = [];
    for (const o of live) {
      const to: OrderStatus = o.status === 'pending' ? 'confirmed' : o.status;
      await tx.execute(sql`update orders set payment_status = 1, status = ${to}, updated_at = now() where id = ${o.id}`);
      await addHistory(tx, o.id, to, 'Bank transfer received');
      await recordSales(tx, [o.id]);
      if (to !== o.status) changes.push(changeOf(o, to));
    }
    return changes;
  });
}
