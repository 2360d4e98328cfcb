import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { getDb, type Tx } from '../db/client';
import { vouchers } from '../db/schema';

export interface StoreVoucher {
  id: number;
  code: string;
  title: string;
  /** 1 flat (cents), 2 percent. */
  price_type: 1 | 2;
  amount: number;
  min_spend: number;
  max_discount: number;
  starts_at: string;
  ends_at: string;
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
  return rows.map((v) => ({
    id: v.id,
    code: v.code,
    title: v.title,
    price_type: v.priceType === 2 ? 2 : 1,
    amount: v.amount,
    min_spend: v.minSpend,
    max_discount: v.maxDiscount,
    starts_at: v.startsAt.toISOString(),
    ends_at: v.endsAt.toISOString(),
    store_id: v.storeId,
  }));
}
