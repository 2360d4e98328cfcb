import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { VOUCHER_REASONS } from '@/server/checkout/vouchers';

/**
 * Takes one use of the voucher: a conditional update, so concurrent checkouts never pass the total limit
 * (the per-user limit was checked under the user's cart lock, which serialises that user's checkouts).
 */
export async function useVoucher(tx: Tx, voucherId: number, userId: number): Promise<void> {
  const taken = await queryRows<{ id: number }>(
    tx,
    sql`update vouchers set used_count = used_count + 1
        where id = ${voucherId} and (usage_limit = 0 or used_count < usage_limit) returning id`,
  );
  if (!taken.length) throw new AppError({ code: 'ALREADY_USED', message: VOUCHER_REASONS.usedUp });
  await tx.execute(sql`update user_vouchers set used_at = now() where user_id = ${userId} and voucher_id = ${voucherId}`);
}

/**
 * Gives a voucher's use back when a purchase is cancelled (the caller holds the purchase's order rows,
 * so this runs once per purchase): one fewer `used_count`, and the user's `used_at` cleared when no
 * other live purchase of theirs used it. The per-user count (checkout/vouchers.ts) skips cancelled orders.
 */
export async function returnVoucherUse(tx: Tx, voucherId: number, userId: number | null): Promise<void> {
  await tx.execute(sql`update vouchers set used_count = greatest(used_count - 1, 0) where id = ${voucherId}`);
  if (userId === null) return;
  await tx.execute(sql`update user_vouchers set used_at = null where user_id = ${userId} and voucher_id = ${voucherId}
    and not exists (select 1 from orders o where o.voucher_id = ${voucherId} and o.user_id = ${userId}
      and not exists (select 1 from cancellations c where c.order_id = o.id))`);
}
