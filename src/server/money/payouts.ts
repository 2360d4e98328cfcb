import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { claimKey, rememberAnswer } from '@/server/orders/idempotency';
import { toDecimal, toMinor } from '@/server/payments/money';
import { percentToBp } from '@/lib/commission';
import type { PayoutInput } from '@/lib/schemas/money';
import type { LedgerLine } from '@/server/money/manage';
import { balanceOf } from '@/server/money/manage';

const refused = (message: string, vars?: Record<string, unknown>, field?: string) =>
  new AppError({ code: 'VALIDATION', message, vars, ...(field ? { details: { fields: { [field]: message } } } : {}) });

export interface PayoutResult {
  line: LedgerLine;
  balance: number;
  replayed: boolean;
}

/**
 * Records money the operator sent a store outside the shop (amount, the day it was sent, the bank's reference):
 * a `payout` line of −amount dated that day. Never more than the balance owed (a mistyped amount is caught); the
 * store's row is locked so two payouts at once see each other. The same Idempotency-Key again answers the first.
 */
export async function recordPayout(
  tx: Tx,
  storeId: number,
  input: PayoutInput & { idempotency_key: string },
  currency: string,
  actorId: number,
  now = new Date(),
): Promise<PayoutResult> {
  const seen = await claimKey<PayoutResult>(tx, actorId, `payout:${storeId}:${input.idempotency_key}`);
  if (seen?.response) return { ...seen.response, replayed: true };
  if (seen) throw new AppError({ code: 'CONFLICT', message: 'backoffice.money.errors.inProgress' });
  const typed = input.amount_text !== undefined ? toMinor(input.amount_text, currency) : undefined;
  const amount = input.amount ?? typed;
  if (amount === undefined || !(amount > 0)) throw refused('backoffice.money.errors.badAmount', undefined, 'amount_text');
  const day = new Date(`${input.date}T00:00:00Z`);
  const today = now.toISOString().slice(0, 10);
  if (input.date > today) throw refused('backoffice.money.errors.futureDate', undefined, 'date');
  await tx.execute(sql`select id from stores where id = ${storeId} for update`);
  const balance = await balanceOf(storeId, tx);
  if (amount > balance)
    throw refused('backoffice.money.errors.overBalance', { balance: toDecimal(Math.max(balance, 0), currency), currency }, 'amount_text');
  // Sent today: now, so it follows today's sales; an earlier day: that day (its month's statement shows it).
  const at = input.date === today ? now : day;
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into seller_ledger (store_id, kind, amount_minor, reference, note, created_by, created_at)
        values (${storeId}, 'payout', ${-amount}, ${input.reference}, ${input.note ?? ''}, ${actorId}, ${at.toISOString()}::timestamptz)
        returning id, store_id, created_at, kind, amount_minor, order_id, order_line_id, reference, note`,
  );
  const line: LedgerLine = {
    id: Number(row!.id),
    store_id: storeId,
    at: new Date(row!.created_at as string).toISOString(),
    kind: 'payout',
    amount: -amount,
    order_id: null,
    order_line_id: null,
    reference: input.reference,
    note: input.note ?? '',
  };
  const result = { line, balance: balance - amount, replayed: false };
  await rememberAnswer(tx, actorId, `payout:${storeId}:${input.idempotency_key}`, '', result);
  return result;
}

/** Sets a store's commission rate from a percent as typed ("12.5"); blank = the shop's default. Affects orders placed from now on. */
export async function setCommissionRate(tx: Tx, storeId: number, rate: string): Promise<{ before: number | null; after: number | null }> {
  const after = rate.trim() === '' ? null : percentToBp(rate);
  if (after === null && rate.trim() !== '') throw refused('backoffice.money.errors.badRate', undefined, 'rate');
  const [row] = await queryRows<{ commission_rate_bp: number | null }>(
    tx,
    sql`select commission_rate_bp from stores where id = ${storeId} for update`,
  );
  await tx.execute(sql`update stores set commission_rate_bp = ${after} where id = ${storeId}`);
  return { before: row?.commission_rate_bp ?? null, after };
}
