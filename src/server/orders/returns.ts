/**
 * Returns: the spec's 30-day refund (issue 32; docs/decisions/0027-refunds-returns.md). On a delivered order,
 * within 30 days of its delivery, the shopper asks to send lines back (quantities, a reason, photos under the
 * review photo rules). The operator, or the seller of the order's store, approves or refuses it with a reason
 * and marks the goods received (their stock comes back then, never before); the refund is an ordinary refund
 * of the order (orders/refunds.ts) naming the return. Every step is on the order's timeline and mailed.
 */
import type { Actor } from '@/server/core/actor';
import { queueOrderEvent } from '@/server/orders/order-mail';
import { queueReturnRequestMail } from '@/server/sellers/store-mail';
import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { fileOf, imageError } from '@/server/uploads/images';
import { prepareReviewImage, removeUploads, storeReviewImages, type PreparedImage } from '@/server/uploads/review-images';
import { imagesFit } from '@/server/reviews/rules';
import { tooManyImages } from '@/server/reviews/messages';
import { restock } from '@/server/orders/refunds';
import type { ReturnRequestInput } from '@/lib/schemas/refunds';

/** How long after delivery a return may be asked (the spec: "refund window 30 days"). */
export const RETURN_DAYS = 30;
const DAY_MS = 86_400_000;

export type ReturnStatus = 'requested' | 'approved' | 'refused' | 'received' | 'refunded';

export interface ReturnView {
  id: number;
  status: ReturnStatus;
  reason: string;
  lines: { line_id: number; quantity: number; title: string }[];
  photos: string[];
  decision_note: string | null;
  at: string;
  decided_at: string | null;
  received_at: string | null;
}

const refused = (message: string, vars?: Record<string, unknown>) => new AppError({ code: 'VALIDATION', message, vars });

/** True while a return may still be asked: delivered at most RETURN_DAYS days before `now`. */
export const withinReturnWindow = (deliveredAt: Date, now: Date = new Date()) =>
  now.getTime() - deliveredAt.getTime() <= RETURN_DAYS * DAY_MS;

/** The last moment a return may be asked, from the order's history (its first 'delivered'), or null. */
export function returnUntil(history: { status: string; at: string }[]): string | null {
  const delivered = history.filter((h) => h.status === 'delivered').map((h) => Date.parse(h.at));
  return delivered.length ? new Date(Math.min(...delivered) + RETURN_DAYS * DAY_MS).toISOString() : null;
}

/** The returns of one order, oldest first, with the lines' titles. */
export async function returnsOf(db: Tx, orderId: number): Promise<ReturnView[]> {
  const rows = await queryRows<{
    id: number;
    status: ReturnStatus;
    reason: string;
    lines: { line_id: number; quantity: number }[];
    photos: string[];
    decision_note: string | null;
    created_at: string | Date;
    decided_at: string | Date | null;
    received_at: string | Date | null;
  }>(
    db,
    sql`select id, status, reason, lines, photos, decision_note, created_at, decided_at, received_at
        from order_returns where order_id = ${orderId} order by id`,
  );
  if (!rows.length) return [];
  const titles = await queryRows<{ id: number; title: string }>(db, sql`select id, title from order_lines where order_id = ${orderId}`);
  const iso = (d: string | Date | null) => (d ? new Date(d).toISOString() : null);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    lines: r.lines.map((l) => ({ ...l, title: titles.find((t) => t.id === l.line_id)?.title ?? '' })),
    photos: r.photos,
    decision_note: r.decision_note,
    at: iso(r.created_at)!,
    decided_at: iso(r.decided_at),
    received_at: iso(r.received_at),
  }));
}

/** When the order was delivered (its first 'delivered' in the history), or null. */
export async function deliveredAt(db: Tx, orderId: number): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select min(created_at) as at from order_status_history where order_id = ${orderId} and status = 'delivered'`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** Why this order cannot be returned now (a message key and its values), or null. */
export async function returnRefusal(db: Tx, order: { id: number; status: string }, now = new Date()) {
  if (order.status !== 'delivered') return { key: 'orders.returns.errors.notDelivered' };
  const at = await deliveredAt(db, order.id);
  if (!at || !withinReturnWindow(at, now)) return { key: 'orders.returns.errors.tooLate', vars: { days: RETURN_DAYS } };
  return null;
}

/**
 * The shopper's return request for their own order: delivered, within the window, lines of the order with no
 * more than bought minus what other returns (not refused) already ask. Photos are checked and re-encoded first
 * (the review photo rules: jpeg/png, ≤ 1000 KB, at most 5), and removed again if the request fails.
 */
export async function requestReturn(
  userId: number,
  input: ReturnRequestInput,
  now = new Date(),
  /** Where the shopper's "return requested" mail (and the seller's) link to: queued in the request's transaction (the outbox). */
  mail?: Pick<Actor, 'origin' | 'siteName'>,
): Promise<{ order_id: number; id: number; email: string }> {
  const raw = input.photos === undefined ? [] : Array.isArray(input.photos) ? input.photos : [input.photos];
  const sent = raw.filter((v) => v !== '' && !(v instanceof File && v.size === 0));
  if (sent.some((v) => !fileOf(v))) throw imageError('images');
  if (!imagesFit(0, sent.length)) throw tooManyImages();
  const prepared: PreparedImage[] = [];
  for (const file of sent as File[]) prepared.push(await prepareReviewImage(file));
  const written: string[] = [];
  try {
    return await getDb().transaction(async (tx) => {
      const [order] = await queryRows<{ id: number; status: string; email: string }>(
        tx,
        sql`select id, status, email from orders where id = ${input.order_id} and user_id = ${userId} for update`,
      );
      if (!order) throw new AppError({ code: 'NOT_FOUND', message: 'orders.errors.notFound' });
      const problem = await returnRefusal(tx, order, now);
      if (problem) throw refused(problem.key, problem.vars);
      const lines = await queryRows<{ id: number; title: string; quantity: number }>(
        tx,
        sql`select id, title, quantity from order_lines where order_id = ${order.id}`,
      );
      const open = await returnsOf(tx, order.id);
      for (const asked of input.lines) {
        const line = lines.find((l) => l.id === asked.line_id);
        if (!line) throw refused('backoffice.refunds.errors.noLine', { id: asked.line_id });
        const taken = open
          .filter((r) => r.status !== 'refused')
          .flatMap((r) => r.lines)
          .filter((l) => l.line_id === asked.line_id)
          .reduce((s, l) => s + l.quantity, 0);
        const left =
          line.quantity - taken - input.lines.filter((l) => l !== asked && l.line_id === asked.line_id).reduce((s, l) => s + l.quantity, 0);
        if (asked.quantity > left) throw refused('orders.returns.errors.tooMany', { left: Math.max(0, left), title: line.title });
      }
      const photos = prepared.length ? await storeReviewImages(prepared) : [];
      written.push(...photos);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into order_returns (order_id, user_id, reason, lines, photos)
            values (${order.id}, ${userId}, ${input.reason}, ${JSON.stringify(input.lines)}::jsonb, ${JSON.stringify(photos)}::jsonb) returning id`,
      );
      await history(tx, order.id, order.status, `Return requested: ${input.reason}`);
      if (mail) await queueOrderEvent(tx, { order_id: order.id, email: order.email, event: 'requested' }, mail);
      if (mail) await queueReturnRequestMail(tx, order.id, input.reason, mail);
      return { order_id: order.id, id: row!.id, email: order.email };
    });
  } catch (err) {
    await removeUploads(written);
    throw err;
  }
}

async function history(tx: Tx, orderId: number, status: string, note: string) {
  await tx.execute(sql`insert into order_status_history (order_id, status, note) values (${orderId}, ${status}, ${note})`);
}

export type ReturnStep = 'approve' | 'refuse' | 'receive';

const STEP: Record<ReturnStep, { from: ReturnStatus[]; to: ReturnStatus; note: string }> = {
  approve: { from: ['requested'], to: 'approved', note: 'Return approved' },
  refuse: { from: ['requested'], to: 'refused', note: 'Return refused' },
  receive: { from: ['approved'], to: 'received', note: 'Returned goods received' },
};

/**
 * The operator's or seller's step on a return of order `orderId` (the caller checked the scope): approve or
 * refuse a request (refusing needs a reason), or mark approved goods received, which puts their stock back.
 */
export async function stepReturn(
  tx: Tx,
  orderId: number,
  returnId: number,
  step: ReturnStep,
  reason: string,
): Promise<{ order_id: number; id: number; email: string; from: ReturnStatus; to: ReturnStatus }> {
  const [ret] = await queryRows<{
    id: number;
    status: ReturnStatus;
    lines: { line_id: number; quantity: number }[];
    email: string;
    order_status: string;
  }>(
    tx,
    sql`select r.id, r.status, r.lines, o.email, o.status as order_status from order_returns r join orders o on o.id = r.order_id
        where r.id = ${returnId} and r.order_id = ${orderId} for update of r`,
  );
  if (!ret) throw new AppError({ code: 'NOT_FOUND', message: 'backoffice.returns.errors.notFound' });
  const rule = STEP[step];
  if (!rule.from.includes(ret.status))
    throw new AppError({
      code: 'CONFLICT',
      message: `backoffice.returns.errors.${step}`,
      vars: { status: `orders.returns.status.${ret.status}` },
    });
  if (step === 'refuse' && !reason) throw refused('backoffice.returns.errors.reasonNeeded');
  await tx.execute(
    sql`update order_returns set status = ${rule.to}, updated_at = now(),
          ${step === 'receive' ? sql`received_at = now()` : sql`decided_at = now(), decision_note = ${reason || null}`}
        where id = ${ret.id}`,
  );
  if (step === 'receive') await restock(tx, orderId, ret.lines);
  await history(tx, orderId, ret.order_status, reason ? `${rule.note}: ${reason}` : rule.note);
  return { order_id: orderId, id: ret.id, email: ret.email, from: ret.status, to: rule.to };
}
