/**
 * An operator's refund of one order (issue 32; docs/decisions/0027-refunds-returns.md): full or partial, by
 * lines and quantities plus shipping, or an amount, with a reason; never more than was paid. The order's row
 * is locked for the whole transaction, so refunds of one order run one after another and each sees the sum
 * the one before wrote (`orders.refunded_total`). Stripe, Razorpay and PayPal are refunded through their
 * refund API (inside that transaction, with a key derived from the request's `Idempotency-Key`, so a retry
 * after a lost answer is the same refund at the gateway); other methods are recorded as made outside the shop.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { providerByGateway, providerFor } from '@/server/payments/registry';
import type { PaymentMethodId } from '@/server/payments/methods';
import { toDecimal, toMinor } from '@/server/payments/money';
import { returnStock } from '@/server/orders/stock';
import { TRANSITIONS, isOrderStatus } from '@/server/orders/transitions';
import type { RefundInput } from '@/lib/schemas/refunds';
import { log } from '@/server/core/logger.mjs';
import { reverseRefund } from '@/server/money/ledger';

/** One refund as the order's API and pages show it (DESIGN.md: `refunds: [{id, amount, reason, at}]`). */
export interface RefundView {
  id: number;
  amount: number;
  currency: string;
  reason: string;
  at: string;
  lines: { line_id: number; quantity: number; amount: number }[];
  shipping: number;
  restock: boolean;
  gateway: string;
  /** The gateway's id of the refund, or null when it was made outside the shop. */
  reference: string | null;
  outside: boolean;
  return_id: number | null;
}

/** What a refund request answers (and answers again, unchanged, to the same Idempotency-Key). */
export interface RefundResult {
  order_id: number;
  order_no: string;
  email: string;
  refund: RefundView;
  refunded_total: number;
  /** The order's payment now: 'partly_refunded' or 'refunded'. */
  refund_state: RefundState;
  status: string;
  replayed: boolean;
}

export type RefundState = 'none' | 'partly_refunded' | 'refunded';

/** 'refunded' once everything paid is given back, 'partly_refunded' before, 'none' when nothing was. */
export const refundStateOf = (refunded: number, total: number): RefundState =>
  refunded <= 0 ? 'none' : refunded >= total ? 'refunded' : 'partly_refunded';

const refused = (message: string, vars?: Record<string, unknown>) => new AppError({ code: 'VALIDATION', message, vars });

interface RefundRow {
  id: number;
  amount: number;
  currency: string;
  note: string | null;
  created_at: string | Date;
  lines: RefundView['lines'] | null;
  shipping: number;
  restock: boolean;
  gateway: string;
  refund_ref: string | null;
  return_id: number | null;
}

const viewOf = (r: RefundRow): RefundView => ({
  id: r.id,
  amount: Number(r.amount),
  currency: r.currency,
  reason: r.note ?? '',
  at: new Date(r.created_at).toISOString(),
  lines: r.lines ?? [],
  shipping: Number(r.shipping),
  restock: r.restock,
  gateway: r.gateway,
  reference: r.refund_ref === 'outside' ? null : r.refund_ref,
  outside: r.refund_ref === 'outside',
  return_id: r.return_id,
});

const REFUND_COLUMNS = sql`id, amount, currency, note, created_at, lines, shipping, restock, gateway, refund_ref, return_id`;

/** The refunds of one order, oldest first. */
export async function refundsOf(db: Tx, orderId: number): Promise<RefundView[]> {
  const rows = await queryRows<RefundRow>(
    db,
    sql`select ${REFUND_COLUMNS} from payment_refunds where kind = 'order' and order_id = ${orderId} order by id`,
  );
  return rows.map(viewOf);
}

interface LockedForRefund {
  id: number;
  order_no: string;
  status: string;
  payment_status: number;
  payment_method: number;
  total: number;
  shipping_total: number;
  refunded_total: number;
  currency: string;
  email: string;
}

/**
 * Refunds order `orderId` in `tx` (the action's transaction; the caller checked the scope). The same
 * `idempotency_key` again answers the first refund, replayed; nothing is refunded twice.
 */
export async function refundOrder(
  tx: Tx,
  orderId: number,
  input: RefundInput & { idempotency_key: string },
  actorId: number | null,
): Promise<RefundResult> {
  const [order] = await queryRows<LockedForRefund>(
    tx,
    sql`select id, order_no, status, payment_status, payment_method, total, shipping_total, refunded_total, currency, email
        from orders where id = ${orderId} for update`,
  );
  if (!order) throw new AppError({ code: 'NOT_FOUND', message: 'orders.errors.notFound' });
  const total = Number(order.total);
  const [earlier] = await queryRows<RefundRow>(
    tx,
    sql`select ${REFUND_COLUMNS} from payment_refunds where order_id = ${orderId} and idempotency_key = ${input.idempotency_key}`,
  );
  if (earlier) return resultOf(order, viewOf(earlier), Number(order.refunded_total), true);
  if (order.payment_status !== 1) throw refused('backoffice.refunds.errors.notPaid');

  const given = await refundsOf(tx, orderId);
  const ret = input.return_id ? await returnFor(tx, orderId, input.return_id) : null;
  const lines = await linesOf(tx, orderId, ret && !input.lines.length ? ret.lines : input.lines, given);
  const shippingLeft = Number(order.shipping_total) - given.reduce((s, r) => s + r.shipping, 0);
  const shipping = input.shipping === 'all' ? shippingLeft : (input.shipping ?? 0);
  if (shipping > shippingLeft) throw refused('backoffice.refunds.errors.shippingLeft', { left: toDecimal(shippingLeft, order.currency) });
  if (input.restock && !lines.length) throw refused('backoffice.refunds.errors.restockNeedsLines');
  const typed = input.amount_text !== undefined ? toMinor(input.amount_text, order.currency) : undefined;
  if (typed !== undefined && !(typed > 0)) throw refused('backoffice.refunds.errors.badAmount');
  const amount = input.amount ?? typed ?? lines.reduce((s, l) => s + l.amount, 0) + shipping;
  if (amount <= 0) throw refused('backoffice.refunds.errors.nothing');
  const left = total - Number(order.refunded_total);
  if (amount > left)
    throw refused(left > 0 ? 'backoffice.refunds.errors.tooMuch' : 'backoffice.refunds.errors.full', {
      left: toDecimal(left, order.currency),
    });

  const [payment] = await queryRows<{
    id: number;
    gateway: string;
    gateway_ref: string | null;
    charge_ref: string | null;
    amount: number;
    currency: string;
  }>(
    tx,
    sql`select id, gateway, gateway_ref, charge_ref, amount, currency from payments where order_no = ${order.order_no} order by id limit 1 for update`,
  );
  const gateway = payment?.gateway ?? providerFor(order.payment_method as PaymentMethodId)?.gateway ?? 'manual';
  const currency = payment?.currency ?? order.currency;
  const provider = providerByGateway(gateway);
  let reference = 'outside';
  if (provider?.refund && !input.outside) {
    const chargeRef = payment!.charge_ref ?? (gateway === 'stripe' ? payment!.gateway_ref : null);
    if (!chargeRef) throw refused('backoffice.refunds.errors.noCharge', { gateway });
    const [before] = await queryRows<{ sum: number }>(
      tx,
      sql`select coalesce(sum(amount), 0)::bigint as sum from payment_refunds
          where gateway = ${gateway} and charge_ref = ${chargeRef} and status = 'refunded' and refund_ref <> 'outside'`,
    );
    try {
      const done = await provider.refund({
        chargeRef,
        amount,
        currency,
        idempotencyKey: `voltmart-order-${orderId}-${input.idempotency_key}`,
        refundedBefore: Number(before?.sum ?? 0),
        note: input.reason.slice(0, 200),
      });
      reference = done.reference;
    } catch (err) {
      log.error({ err, orderId, gateway, amount }, 'refunds: the gateway refused the refund; nothing was recorded');
      const why = err instanceof Error ? err.message.slice(0, 200) : String(err);
      throw new AppError({
        code: 'CONFLICT',
        message: 'backoffice.refunds.errors.gateway',
        vars: { gateway, why },
      });
    }
  }
  const [row] = await queryRows<RefundRow>(
    tx,
    sql`insert into payment_refunds (kind, order_no, order_id, gateway, charge_ref, payment_ref, amount, currency, reason, status, refund_ref, note,
          idempotency_key, lines, shipping, restock, return_id, actor_id)
        values ('order', ${order.order_no}, ${orderId}, ${gateway}, ${payment?.charge_ref ?? payment?.gateway_ref ?? `order-${orderId}`},
          ${payment?.gateway_ref ?? null}, ${amount}, ${currency}, 'operator', 'refunded', ${reference}, ${input.reason},
          ${input.idempotency_key}, ${JSON.stringify(lines)}::jsonb, ${shipping}, ${input.restock}, ${ret?.id ?? null}, ${actorId})
        returning ${REFUND_COLUMNS}`,
  );
  // The seller's share of it leaves their balance in the same transaction (money/ledger.ts).
  await reverseRefund(tx, orderId, { id: row!.id, amount, lines, shipping }, given, actorId);
  const refunded = Number(order.refunded_total) + amount;
  const full = refunded >= total;
  const to = full && isOrderStatus(order.status) && TRANSITIONS[order.status].includes('refunded') ? 'refunded' : order.status;
  await tx.execute(sql`update orders set refunded_total = ${refunded}, status = ${to}, updated_at = now() where id = ${orderId}`);
  const money = `${toDecimal(amount, currency)} ${currency}`;
  await tx.execute(
    sql`insert into order_status_history (order_id, status, note) values (${orderId}, ${to}, ${`Refunded ${money}: ${input.reason}`})`,
  );
  if (payment) await markPayment(tx, order.order_no, payment.id, Number(payment.amount));
  if (input.restock) await restock(tx, orderId, lines);
  if (ret) await tx.execute(sql`update order_returns set status = 'refunded', updated_at = now() where id = ${ret.id}`);
  return { ...resultOf(order, viewOf(row!), refunded, false), status: to };
}

function resultOf(order: LockedForRefund, refund: RefundView, refunded: number, replayed: boolean): RefundResult {
  return {
    order_id: order.id,
    order_no: order.order_no,
    email: order.email,
    refund,
    refunded_total: refunded,
    refund_state: refundStateOf(refunded, Number(order.total)),
    status: order.status,
    replayed,
  };
}

/** The purchase's payment row: refunded once its orders gave back all it took, partly refunded before. */
async function markPayment(tx: Tx, orderNo: string, paymentId: number, paid: number) {
  const [sum] = await queryRows<{ refunded: number }>(
    tx,
    sql`select coalesce(sum(refunded_total), 0)::bigint as refunded from orders where order_no = ${orderNo}`,
  );
  const refunded = Number(sum?.refunded ?? 0);
  const status = refunded >= paid ? 'refunded' : 'partly_refunded';
  await tx.execute(
    sql`update payments set status = ${status}, updated_at = now() where id = ${paymentId} and status in ('paid', 'partly_refunded', 'refunded')`,
  );
}

/** The asked lines checked against the order: each its own, no more than bought minus what earlier refunds took. */
async function linesOf(tx: Tx, orderId: number, asked: { line_id: number; quantity: number }[], given: RefundView[]) {
  if (!asked.length) return [];
  const rows = await queryRows<{ id: number; title: string; quantity: number; unit_price: number }>(
    tx,
    sql`select id, title, quantity, unit_price from order_lines where order_id = ${orderId}`,
  );
  const out: RefundView['lines'] = [];
  for (const a of asked) {
    const line = rows.find((r) => r.id === a.line_id);
    if (!line) throw refused('backoffice.refunds.errors.noLine', { id: a.line_id });
    const before = given
      .flatMap((r) => r.lines)
      .filter((l) => l.line_id === a.line_id)
      .reduce((s, l) => s + l.quantity, 0);
    const left = line.quantity - before - out.filter((l) => l.line_id === a.line_id).reduce((s, l) => s + l.quantity, 0);
    if (a.quantity > left) throw refused('backoffice.refunds.errors.lineLeft', { left, title: line.title });
    out.push({ line_id: a.line_id, quantity: a.quantity, amount: Number(line.unit_price) * a.quantity });
  }
  return out;
}

/** The goods came back: the refunded lines' quantities go back to stock. */
export async function restock(tx: Tx, orderId: number, lines: { line_id: number; quantity: number }[]) {
  if (!lines.length) return;
  const rows = await queryRows<{ id: number; product_id: number | null; inventory_id: number | null; title: string }>(
    tx,
    sql`select id, product_id, inventory_id, title from order_lines where order_id = ${orderId}`,
  );
  const takes = lines.flatMap((l) => {
    const line = rows.find((r) => r.id === l.line_id);
    return line?.product_id
      ? [{ productId: line.product_id, inventoryId: line.inventory_id, quantity: l.quantity, title: line.title }]
      : [];
  });
  if (takes.length) await returnStock(tx, takes, { reason: 'return', orderId });
}

/** A return of this order that may be refunded now (received, or approved when nothing comes back). */
async function returnFor(tx: Tx, orderId: number, returnId: number) {
  const [ret] = await queryRows<{ id: number; status: string; lines: { line_id: number; quantity: number }[] }>(
    tx,
    sql`select id, status, lines from order_returns where id = ${returnId} and order_id = ${orderId} for update`,
  );
  if (!ret) throw new AppError({ code: 'NOT_FOUND', message: 'backoffice.returns.errors.notFound' });
  if (ret.status !== 'received' && ret.status !== 'approved') throw refused('backoffice.returns.errors.notRefundable');
  return ret;
}
