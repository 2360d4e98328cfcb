import { and, desc, eq, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { stores, vouchers } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { inScope, storeIdsOf, type Scope } from '@/server/core/policy';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import type { VoucherWriteInput, VouchersQuery } from '@/lib/schemas/content-admin';

/**
 * Vouchers in the back office, taking the caller's scope: the operator's (every store, and shop-wide vouchers)
 * or a seller's (their stores' vouchers only; a shop-wide one is outside their scope). Both areas' screens use it.
 */
export interface VoucherRow {
  id: number;
  code: string;
  title: string;
  store_id: number | null;
  store_name: string | null;
  price_type: 1 | 2;
  amount: number;
  min_spend: number;
  max_discount: number;
  usage_limit: number;
  per_user_limit: number;
  used_count: number;
  starts_at: string;
  ends_at: string;
  active: boolean;
}

const VOUCHER_NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.vouchers.notFound' });

const columns = {
  v: vouchers,
  storeName: stores.name,
};

function toRow({ v, storeName }: { v: typeof vouchers.$inferSelect; storeName: string | null }): VoucherRow {
  return {
    id: v.id,
    code: v.code,
    title: v.title,
    store_id: v.storeId,
    store_name: storeName,
    price_type: v.priceType === 2 ? 2 : 1,
    amount: v.amount,
    min_spend: v.minSpend,
    max_discount: v.maxDiscount,
    usage_limit: v.usageLimit,
    per_user_limit: v.perUserLimit,
    used_count: v.usedCount,
    starts_at: v.startsAt.toISOString(),
    ends_at: v.endsAt.toISOString(),
    active: v.status === 1,
  };
}

/** The scope as a condition: every voucher, or only the seller's stores' (never the shop-wide ones). */
function scoped(scope: Scope): SQL | undefined {
  const ids = storeIdsOf(scope);
  if (ids === null) return undefined;
  return ids.length ? inArray(vouchers.storeId, [...ids]) : eq(vouchers.id, -1);
}

/** Vouchers in the caller's scope, newest first; keyset pages on the id. */
export async function listVouchers(
  query: VouchersQuery,
  scope: Scope,
  db: Tx = getDb(),
): Promise<{ items: VoucherRow[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select(columns)
    .from(vouchers)
    .leftJoin(stores, eq(stores.id, vouchers.storeId))
    .where(
      and(
        scoped(scope),
        query.status === 'active' ? eq(vouchers.status, 1) : query.status === 'disabled' ? eq(vouchers.status, 0) : undefined,
        query.q ? or(ilike(vouchers.code, like), ilike(vouchers.title, like)) : undefined,
        after ? lt(vouchers.id, Number(after[0])) : undefined,
      ),
    )
    .orderBy(desc(vouchers.id))
    .limit(query.per_page + 1);
  return pageOf(rows.map(toRow), query.per_page, (r) => [r.id]);
}

/** One voucher in the caller's scope (another store's answers 404, as if it did not exist). */
export async function getVoucher(id: number, scope: Scope, db: Tx = getDb()): Promise<VoucherRow> {
  const [row] = await db.select(columns).from(vouchers).leftJoin(stores, eq(stores.id, vouchers.storeId)).where(eq(vouchers.id, id));
  if (!row || !inScope(scope, row.v.storeId)) throw VOUCHER_NOT_FOUND();
  return toRow(row);
}

/** Creates or updates a voucher in the caller's transaction and scope; a code is unique in the shop. */
export async function saveVoucher(
  tx: Tx,
  input: VoucherWriteInput,
  scope: Scope,
): Promise<{ before: VoucherRow | null; after: VoucherRow }> {
  const ids = storeIdsOf(scope);
  // A seller's voucher belongs to their store: their only one when they leave it empty.
  const storeId = ids !== null && input.store_id === null && ids.length === 1 ? ids[0]! : input.store_id;
  if (!inScope(scope, storeId)) {
    const message = 'backoffice.vouchers.storeOutOfScope';
    throw new AppError({ code: 'VALIDATION', message, details: { fields: { store_id: message } } });
  }
  if (storeId !== null) {
    const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
    if (!store)
      throw new AppError({
        code: 'VALIDATION',
        message: 'backoffice.vouchers.noSuchStore',
        details: { fields: { store_id: 'backoffice.vouchers.noSuchStore' } },
      });
  }
  const before = input.id ? await getVoucher(input.id, scope, tx) : null;
  const [taken] = await tx.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.code, input.code));
  if (taken && taken.id !== input.id) {
    const message = 'backoffice.vouchers.codeTaken';
    throw new AppError({ code: 'CONFLICT', message, details: { fields: { code: message } } });
  }
  const values = {
    code: input.code,
    title: input.title,
    storeId,
    priceType: input.price_type,
    amount: input.amount,
    minSpend: input.min_spend,
    maxDiscount: input.price_type === 2 ? input.max_discount : 0,
    usageLimit: input.usage_limit,
    perUserLimit: input.per_user_limit,
    startsAt: input.starts_at!,
    endsAt: input.ends_at!,
    status: input.active ? 1 : 0,
  };
  const [row] = before
    ? await tx.update(vouchers).set(values).where(eq(vouchers.id, before.id)).returning({ id: vouchers.id })
    : await tx.insert(vouchers).values(values).returning({ id: vouchers.id });
  return { before, after: await getVoucher(row!.id, scope, tx) };
}

/** Switches a voucher off (or on again) in the caller's scope; shoppers can no longer apply a disabled one. */
export async function setVoucherActive(
  tx: Tx,
  id: number,
  active: boolean,
  scope: Scope,
): Promise<{ before: VoucherRow; after: VoucherRow }> {
  const before = await getVoucher(id, scope, tx);
  await tx
    .update(vouchers)
    .set({ status: active ? 1 : 0 })
    .where(eq(vouchers.id, id));
  return { before, after: { ...before, active } };
}
