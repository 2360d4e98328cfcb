import type { vouchers } from '@/server/db/schema';

/** What every voucher answer carries. Amount: cents when price_type is 1 (flat), whole percent when 2. */
export interface VoucherSummary {
  id: number;
  code: string;
  title: string;
  price_type: 1 | 2;
  amount: number;
  min_spend: number;
  max_discount: number;
  starts_at: string;
  ends_at: string;
}

/** Shapes a voucher row for the API and pages. */
export function toVoucherSummary(v: typeof vouchers.$inferSelect): VoucherSummary {
  return {
    id: v.id,
    code: v.code,
    title: v.title,
    price_type: v.priceType === 2 ? 2 : 1,
    amount: v.amount,
    min_spend: v.minSpend,
    max_discount: v.maxDiscount,
    starts_at: v.startsAt.toISOString(),
    ends_at: v.endsAt.toISOString(),
  };
}
