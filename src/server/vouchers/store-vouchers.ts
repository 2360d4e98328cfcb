import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { vouchers } from '@/server/db/schema';
import { toVoucherSummary, type VoucherSummary } from '@/server/vouchers/voucher-summary';

export interface StoreVoucher extends VoucherSummary {
  /** Null: valid in every store. */
  store_id: number | null;
}

/** Running vouchers a shopper can use in this store: its own first, then the shop-wide ones. */
export async function listStoreVouchers(storeId: number, db: Tx = getDb(), now = new Date()): Promise<StoreVoucher[]> {
  const rows = await db
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.status, 1),
        lte(vouchers.startsAt, now),
        gt(vouchers.endsAt, now),
        or(eq(vouchers.usageLimit, 0), sql`${vouchers.usedCount} < ${vouchers.usageLimit}`),
        or(eq(vouchers.storeId, storeId), isNull(vouchers.storeId)),
      ),
    )
    .orderBy(sql`${vouchers.storeId} is null`, asc(vouchers.endsAt), asc(vouchers.id));
  return rows.map((v) => ({ ...toVoucherSummary(v), store_id: v.storeId }));
}
