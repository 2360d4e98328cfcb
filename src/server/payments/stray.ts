/**
 * Money a gateway collected that no order can take (issue 30): a charge for a cancelled or refunded
 * order, or a second charge for a checkout already paid. It is never dropped. `recordStray` writes one
 * `payment_refunds` row per charge (unique by gateway and charge id) with the amount and the gateway's
 * references, marks each order of the checkout "refund due" in its history and logs it; after the
 * transaction `handleStray` tells the operator (mail to the shop's address) and, where the gateway has
 * a refund API (Stripe, Razorpay, PayPal), gives the money back once, and records the result.
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '@/server/core/errors';
import { getDb, type Tx } from '@/server/db/client';
import { orders, orderStatusHistory, paymentRefunds } from '@/server/db/schema';
import { providerByGateway } from '@/server/payments/registry';
import type { PayRefusal } from '@/server/payments/payable';
import { toDecimal } from '@/server/payments/money';
import { plainMail } from '@/server/content/mails';
import { sendMail } from '@/server/mail/index';
import { getSettings } from '@/server/settings';
import { log } from '@/server/core/logger.mjs';

export const REFUND_DUE_NOTE = 'Payment received for an order that cannot take it: refund due';
export const AUTO_REFUNDED_NOTE = 'Refunded automatically';
export const MANUAL_REFUND_NOTE = 'Refunded by the shop';
/** A refund attempt claims the row this long: two deliveries at once never refund twice. */
const CLAIM_SECONDS = 300;

export interface StrayCharge {
  gateway: string;
  orderNo: string;
  /** The charge's id at the gateway (what a refund names). */
  chargeRef: string;
  paymentRef?: string;
  amount: number;
  currency: string;
  reason: PayRefusal;
  eventId?: string;
}

/** In settle's transaction: one row per charge. Returns the row's id and whether this call wrote it. */
export async function recordStray(tx: Tx, charge: StrayCharge, orderRows: { id: number; status: string }[]) {
  const [fresh] = await tx
    .insert(paymentRefunds)
    .values({
      orderNo: charge.orderNo,
      gateway: charge.gateway,
      chargeRef: charge.chargeRef,
      paymentRef: charge.paymentRef ?? null,
      amount: charge.amount,
      currency: charge.currency.toUpperCase(),
      reason: charge.reason,
    })
    .onConflictDoNothing()
    .returning({ id: paymentRefunds.id });
  if (fresh) {
    if (orderRows.length)
      await tx.insert(orderStatusHistory).values(orderRows.map((o) => ({ orderId: o.id, status: o.status, note: REFUND_DUE_NOTE })));
    log.warn(
      {
        gateway: charge.gateway,
        orderNo: charge.orderNo,
        chargeRef: charge.chargeRef,
        amount: charge.amount,
        currency: charge.currency,
        reason: charge.reason,
        eventId: charge.eventId,
      },
      'payments: a payment arrived for an order that cannot take it; recorded as refund due',
    );
    return { id: fresh.id, created: true };
  }
  const [row] = await tx
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(
      and(eq(paymentRefunds.kind, 'stray'), eq(paymentRefunds.gateway, charge.gateway), eq(paymentRefunds.chargeRef, charge.chargeRef)),
    );
  log.info(
    { gateway: charge.gateway, orderNo: charge.orderNo, chargeRef: charge.chargeRef, eventId: charge.eventId, state: 'refund_due' },
    'payments: this charge is already recorded as refund due; nothing changed',
  );
  return { id: row!.id, created: false };
}

/** After the commit: the operator's mail (first time only) and the automatic refund where there is one. */
export async function handleStray(id: number, created: boolean): Promise<void> {
  try {
    await refundStray(id);
  } catch (err) {
    log.error({ err, refundId: id }, 'payments: the automatic refund failed; the refund stays due');
  }
  if (created) await mailOperator(id);
}

/**
 * Refunds the charge of row `id` through its gateway when the gateway has a refund API: claims the row
 * (no second attempt for CLAIM_SECONDS), asks the gateway with an idempotency key derived from the row,
 * then marks it refunded, or leaves it due with the reason in `note`.
 */
export async function refundStray(id: number): Promise<'refunded' | 'refund_due'> {
  const db = getDb();
  const [row] = await db
    .update(paymentRefunds)
    .set({ refundTriedAt: new Date(), refundAttempts: sql`${paymentRefunds.refundAttempts} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(paymentRefunds.id, id),
        eq(paymentRefunds.status, 'refund_due'),
        or(isNull(paymentRefunds.refundTriedAt), lt(paymentRefunds.refundTriedAt, sql`now() - make_interval(secs => ${CLAIM_SECONDS})`)),
      ),
    )
    .returning();
  if (!row) return 'refund_due';
  const provider = providerByGateway(row.gateway);
  if (!provider?.refund) {
    await db
      .update(paymentRefunds)
      .set({
        note: `${row.gateway} has no refund API here: refund it in the gateway's dashboard, then run npm run shop -- refund:done ${row.id}.`,
        updatedAt: new Date(),
      })
      .where(eq(paymentRefunds.id, id));
    return 'refund_due';
  }
  try {
    const done = await provider.refund({
      chargeRef: row.chargeRef,
      amount: row.amount,
      currency: row.currency,
      // An operator's refunds are several per charge: each row is its own refund at the gateway.
      idempotencyKey: row.kind === 'order' ? `voltmart-refund-row-${row.id}` : `voltmart-refund-${row.gateway}-${row.chargeRef}`,
    });
    await db
      .update(paymentRefunds)
      .set({ status: 'refunded', refundRef: done.reference, note: null, updatedAt: new Date() })
      .where(eq(paymentRefunds.id, id));
    await writeHistory(row.orderNo, AUTO_REFUNDED_NOTE);
    log.info(
      { gateway: row.gateway, orderNo: row.orderNo, chargeRef: row.chargeRef, refundRef: done.reference },
      'payments: refunded a payment the order could not take',
    );
    return 'refunded';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db
      .update(paymentRefunds)
      .set({ note: `Automatic refund failed: ${message}`.slice(0, 500), updatedAt: new Date() })
      .where(eq(paymentRefunds.id, id));
    log.error(
      { err, gateway: row.gateway, orderNo: row.orderNo, chargeRef: row.chargeRef },
      'payments: the automatic refund failed; the refund stays due',
    );
    return 'refund_due';
  }
}

async function writeHistory(orderNo: string, note: string) {
  const db = getDb();
  const rows = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
  if (rows.length) await db.insert(orderStatusHistory).values(rows.map((o) => ({ orderId: o.id, status: o.status, note })));
}

/** The operator's mail, to the shop's contact address (settings `setting.email`), in English like other operator mails. */
async function mailOperator(id: number) {
  const [row] = await getDb().select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  if (!row) return;
  const { setting, site_setting } = await getSettings();
  if (!setting.email) {
    log.warn({ refundId: id, orderNo: row.orderNo }, 'payments: no shop e-mail address is set; the refund due is only in the back office');
    return;
  }
  const why =
    { cancelled: 'the order was cancelled', refunded: 'the order was refunded', paid: 'the order was already paid' }[
      row.reason as PayRefusal
    ] ?? row.reason;
  const amount = `${toDecimal(row.amount, row.currency)} ${row.currency}`;
  await sendMail(
    plainMail({
      to: setting.email,
      subject: `[Refund ${row.status === 'refunded' ? 'made' : 'due'}] Order ${row.orderNo}: ${amount} through ${row.gateway}`,
      paragraphs: [
        `${row.gateway} collected ${amount} for order ${row.orderNo}, but ${why}.`,
        `Charge: ${row.chargeRef}${row.paymentRef && row.paymentRef !== row.chargeRef ? ` (payment ${row.paymentRef})` : ''}.`,
        row.status === 'refunded'
          ? `The shop refunded it automatically (refund ${row.refundRef}).`
          : `The money has not been given back yet${row.note ? `: ${row.note}` : ''}. Refund it, then run: npm run shop -- refund:done ${row.id}`,
      ],
      footer: `Sent by ${site_setting.site_name || 'Voltmart'} (payment_refunds #${row.id}).`,
    }),
  );
}

/** What the shop still owes: every charge recorded as a refund due, oldest first (`npm run shop -- refunds`). */
export async function listRefundsDue() {
  return getDb().select().from(paymentRefunds).where(eq(paymentRefunds.status, 'refund_due')).orderBy(asc(paymentRefunds.id));
}

/** `refund:retry <id>`: asks the gateway again now (after it refused, or for a charge left due). */
export async function retryRefund(id: number): Promise<'refunded' | 'refund_due'> {
  const [row] = await getDb()
    .update(paymentRefunds)
    .set({ refundTriedAt: null, updatedAt: new Date() })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'refund_due')))
    .returning({ id: paymentRefunds.id });
  if (!row) throw new AppError({ code: 'NOT_FOUND', message: 'payments.errors.noRefundDue', vars: { id } });
  return refundStray(id);
}

/** `refund:done <id>`: the operator gave the money back by hand (a gateway without a refund API here). */
export async function markRefunded(id: number, note: string | null): Promise<void> {
  const [row] = await getDb()
    .update(paymentRefunds)
    .set({ status: 'refunded', refundRef: 'manual', note: note ?? 'Refunded by hand', updatedAt: new Date() })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'refund_due')))
    .returning({ orderNo: paymentRefunds.orderNo });
  if (!row) throw new AppError({ code: 'NOT_FOUND', message: 'payments.errors.noRefundDue', vars: { id } });
  await writeHistory(row.orderNo, MANUAL_REFUND_NOTE);
}
