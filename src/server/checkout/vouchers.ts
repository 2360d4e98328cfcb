import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { formatPrice, type PriceFormat } from '@/lib/price';
import { voucherDiscount } from '@/lib/checkout-math';

export interface VoucherRow {
  id: number;
  code: string;
  title: string;
  store_id: number | null;
  store_name: string | null;
  price_type: number;
  amount: number;
  min_spend: number;
  max_discount: number;
  usage_limit: number;
  used_count: number;
  per_user_limit: number;
  starts_at: Date;
  ends_at: Date;
  status: number;
  /** Limited to products of these categories and/or these products (both empty: every product). */
  category_ids: number[];
  product_ids: number[];
}

/** What a voucher gives on this cart: the amount it applies to (one store's goods or all) and the discount. */
export interface AppliedVoucher {
  voucher: VoucherRow;
  /** Goods (after bundle deals) it applies to, per store id: the store's lines it covers. */
  base: Map<number, number>;
  discount: number;
  /** Whether it covers a product (every product unless limited to categories or products). */
  covers: (productId: number) => boolean;
}

/** A cart line as the voucher weighs it: its store, its product and its goods after bundle deals. */
export interface VoucherLine {
  store_id: number;
  product_id: number;
  line_total: number;
}

const refuse = (message: string) => new AppError({ code: 'VALIDATION', message, details: { fields: { voucher_code: message } } });

/** Reasons a voucher does not apply, word for word what the shopper reads. */
export const VOUCHER_REASONS = {
  unknown: 'This voucher code does not exist. Check the code and try again.',
  inactive: 'This voucher is switched off.',
  notYet: (date: string) => `This voucher can be used from ${date}.`,
  expired: 'This voucher has expired.',
  usedUp: 'This voucher has been used up.',
  perUser: 'You have already used this voucher as many times as it allows.',
  otherStore: (store: string) => `This voucher is only for products of ${store}. Select a product of that store to use it.`,
  minSpend: (amount: string) => `Spend at least ${amount} to use this voucher.`,
  notCovered: 'This voucher is only for some products or categories, and none of them is selected.',
} as const;

/** The voucher with this code (case-insensitive), or null. */
export async function findVoucher(db: Tx, code: string): Promise<VoucherRow | null> {
  const [row] = await queryRows<VoucherRow>(
    db,
    sql`select v.id, v.code, v.title, v.store_id, s.name as store_name, v.price_type, v.amount, v.min_spend, v.max_discount,
          v.usage_limit, v.used_count, v.per_user_limit, v.starts_at, v.ends_at, v.status, v.category_ids, v.product_ids
        from vouchers v left join stores s on s.id = v.store_id where lower(v.code) = lower(${code})`,
  );
  if (!row) return null;
  const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
  return {
    ...row,
    starts_at: new Date(row.starts_at),
    ends_at: new Date(row.ends_at),
    category_ids: ids(row.category_ids),
    product_ids: ids(row.product_ids),
  };
}

/** Checkouts of this user that used the voucher (one order_no is one use; a cancelled order gave its use back). */
async function usesBy(db: Tx, voucherId: number, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(distinct order_no) as n from orders o where voucher_id = ${voucherId} and user_id = ${userId}
        and not exists (select 1 from cancellations c where c.order_id = o.id)`,
  );
  return Number(row?.n ?? 0);
}

/** The products of `productIds` the voucher covers: named, or of a category it names. */
async function coveredProducts(db: Tx, voucher: VoucherRow, productIds: number[]): Promise<Set<number>> {
  const named = new Set(productIds.filter((id) => voucher.product_ids.includes(id)));
  if (!voucher.category_ids.length || !productIds.length) return named;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from products where id in (${sql.join(
      [...new Set(productIds)].map((id) => sql`${id}`),
      sql`, `,
    )}) and category_id in (${sql.join(
      voucher.category_ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  for (const r of rows) named.add(Number(r.id));
  return named;
}

/**
 * Whether the code applies to these goods (per store, after bundle deals) for this user: the voucher and
 * its discount, or a VALIDATION error (envelope 201) with the reason. Usage counts are read here; placing
 * the order takes a use with a conditional update (orders/voucher-use.ts), so a limit is never passed.
 */
export async function applyVoucher(
  db: Tx,
  userId: number,
  code: string,
  goods: Map<number, number>,
  fmt: PriceFormat,
  now = new Date(),
  lines: readonly VoucherLine[] = [],
): Promise<AppliedVoucher> {
  const voucher = await findVoucher(db, code);
  if (!voucher) throw refuse(VOUCHER_REASONS.unknown);
  if (voucher.status !== 1) throw refuse(VOUCHER_REASONS.inactive);
  if (voucher.starts_at > now) throw refuse(VOUCHER_REASONS.notYet(voucher.starts_at.toISOString().slice(0, 10)));
  if (voucher.ends_at <= now) throw refuse(VOUCHER_REASONS.expired);
  if (voucher.usage_limit > 0 && voucher.used_count >= voucher.usage_limit) throw refuse(VOUCHER_REASONS.usedUp);
  if (voucher.per_user_limit > 0 && (await usesBy(db, voucher.id, userId)) >= voucher.per_user_limit) throw refuse(VOUCHER_REASONS.perUser);
  let base = new Map([...goods].filter(([storeId]) => voucher.store_id === null || storeId === voucher.store_id));
  if (voucher.store_id !== null && !base.size) throw refuse(VOUCHER_REASONS.otherStore(voucher.store_name ?? 'another store'));
  let covers = (_productId: number) => true;
  if (voucher.category_ids.length || voucher.product_ids.length) {
    // Limited to categories or products: only the lines of those count, in the stores it applies to.
    const covered = await coveredProducts(
      db,
      voucher,
      lines.map((l) => l.product_id),
    );
    covers = (productId) => covered.has(productId);
    const limited = new Map<number, number>();
    for (const l of lines)
      if (base.has(l.store_id) && covered.has(l.product_id)) limited.set(l.store_id, (limited.get(l.store_id) ?? 0) + l.line_total);
    base = limited;
    if (!base.size) throw refuse(VOUCHER_REASONS.notCovered);
  }
  const spend = [...base.values()].reduce((a, b) => a + b, 0);
  if (spend < voucher.min_spend) throw refuse(VOUCHER_REASONS.minSpend(formatPrice(voucher.min_spend, fmt)));
  const discount = voucherDiscount({ priceType: voucher.price_type, amount: voucher.amount, maxDiscount: voucher.max_discount }, spend);
  return { voucher, base, discount, covers };
}
