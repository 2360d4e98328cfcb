import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { userVouchers, vouchers } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';

export const VOUCHER_EXPIRED = 'This voucher has expired, so it can no longer be collected.';
export const VOUCHER_USED_UP = 'This voucher has been used up, so it can no longer be collected.';

/** What collecting left: the voucher's code, and whether the person held it already. */
export interface CollectResult {
  voucher_id: number;
  code: string;
  already: boolean;
}

/**
 * Puts a running voucher into the user's vouchers (shown at /user/vouchers). Collecting one the user
 * holds already is fine (`already` true). An expired, switched-off or used-up voucher is refused
 * (CONFLICT, a message saying why); an unknown one is NOT_FOUND.
 */
export async function collectVoucher(userId: number, voucherId: number, now = new Date()): Promise<CollectResult> {
  const db = getDb();
  const [v] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  if (!v) throw notFound('thisVoucher');
  const [held] = await db
    .select({ at: userVouchers.collectedAt })
    .from(userVouchers)
    .where(and(eq(userVouchers.userId, userId), eq(userVouchers.voucherId, voucherId)));
  if (held) return { voucher_id: v.id, code: v.code, already: true };
  if (v.status !== 1 || v.endsAt <= now) throw new AppError({ code: 'CONFLICT', message: VOUCHER_EXPIRED });
  if (v.usageLimit > 0 && v.usedCount >= v.usageLimit) throw new AppError({ code: 'ALREADY_USED', message: VOUCHER_USED_UP });
  const inserted = await db
    .insert(userVouchers)
    .values({ userId, voucherId })
    .onConflictDoNothing()
    .returning({ id: userVouchers.voucherId });
  return { voucher_id: v.id, code: v.code, already: inserted.length === 0 };
}

/** Which of these vouchers the user has collected (the product page marks them). */
export async function collectedVoucherIds(userId: number | null, voucherIds: number[]): Promise<Set<number>> {
  if (userId === null || !voucherIds.length) return new Set();
  const rows = await getDb()
    .select({ id: userVouchers.voucherId })
    .from(userVouchers)
    .where(and(eq(userVouchers.userId, userId), inArray(userVouchers.voucherId, voucherIds)));
  return new Set(rows.map((r) => r.id));
}
