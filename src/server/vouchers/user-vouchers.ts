import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { stores, userVouchers, vouchers } from '@/server/db/schema';
import { toVoucherSummary, type VoucherSummary } from '@/server/vouchers/voucher-summary';

export type VoucherState = 'valid' | 'upcoming' | 'used' | 'expired';

/** A voucher the user holds, with when they collected and used it. */
export interface UserVoucher extends VoucherSummary {
  collected_at: string;
  used_at: string | null;
  store: { name: string; slug: string } | null;
  state: VoucherState;
}

const ORDER: Record<VoucherState, number> = { valid: 0, upcoming: 1, used: 2, expired: 3 };

/** The user's collected vouchers: usable ones first (soonest to end first), then upcoming, used and expired. */
export async function listUserVouchers(userId: number, now = new Date()): Promise<UserVoucher[]> {
  const rows = await getDb()
    .select({
      v: vouchers,
      collectedAt: userVouchers.collectedAt,
      usedAt: userVouchers.usedAt,
      storeName: stores.name,
      storeSlug: stores.slug,
    })
    .from(userVouchers)
    .innerJoin(vouchers, eq(vouchers.id, userVouchers.voucherId))
    .leftJoin(stores, eq(stores.id, vouchers.storeId))
    .where(and(eq(userVouchers.userId, userId)))
    .orderBy(desc(userVouchers.collectedAt));
  const list = rows.map(({ v, collectedAt, usedAt, storeName, storeSlug }): UserVoucher => ({
    ...toVoucherSummary(v),
    collected_at: collectedAt.toISOString(),
    used_at: usedAt?.toISOString() ?? null,
    store: storeName && storeSlug ? { name: storeName, slug: storeSlug } : null,
    state: usedAt ? 'used' : v.endsAt <= now || v.status !== 1 ? 'expired' : v.startsAt > now ? 'upcoming' : 'valid',
  }));
  return list.sort((a, b) => ORDER[a.state] - ORDER[b.state] || a.ends_at.localeCompare(b.ends_at));
}
