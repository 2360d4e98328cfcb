import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { stores, vouchers } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import { storeIdsOf, type Scope } from '@/server/core/policy';
import type { Access } from '@/server/core/action';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import type { VoucherWriteInput, VouchersQuery } from '@/lib/schemas/vouchers';

/**
 * Vouchers in the back office: one service for the operator (`/admin/vouchers`: every store's and the shop-wide
 * ones) and the sellers (`/seller/vouchers`: their stores' only; a shop-wide voucher is outside their scope, and
 * another store's answers 404 as if it did not exist). The scope is the policy's (`update:voucher`).
 */
export interface VoucherRow {
  id: number;
  code: string;
  title: string;
  /** Null: shop-wide (the operator's). */
  store_id: number | null;
  store_name: string | null;
  price_type: 1 | 2;
  amount: number;
  min_spend: number;
  max_discount: number;
  usage_limit: number;
  per_user_limit: number;
  /** Checkouts that used it so far. */
  used_count: number;
  starts_at: string;
  ends_at: string;
  active: boolean;
  status: 'active' | 'disabled';
  /** Shown to shoppers right now: active, started, not ended, uses left. */
  running: boolean;
  /** Limited to products of these categories and/or these products (both empty: every product). */
  category_ids: number[];
  product_ids: number[];
}

const columns = { v: vouchers, storeName: stores.name };

function toRow({ v, storeName }: { v: typeof vouchers.$inferSelect; storeName: string | null }, now = new Date()): VoucherRow {
  const usesLeft = v.usageLimit === 0 || v.usedCount < v.usageLimit;
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
    status: v.status === 1 ? 'active' : 'disabled',
    running: v.status === 1 && v.startsAt <= now && v.endsAt > now && usesLeft,
    category_ids: v.categoryIds ?? [],
    product_ids: v.productIds ?? [],
  };
}

/** The scope as a condition: every voucher, or only the seller's stores' (never the shop-wide ones). */
function scoped(scope: Scope): SQL | undefined {
  const ids = storeIdsOf(scope);
  if (ids === null) return undefined;
  return ids.length ? inArray(vouchers.storeId, [...ids]) : eq(vouchers.id, -1);
}

/** Vouchers in the caller's scope, newest first; keyset pages on the id; `q` finds a code or title. */
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
        query.q ? or(sql`${vouchers.code} ilike ${like}`, sql`${vouchers.title} ilike ${like}`) : undefined,
        after ? lt(vouchers.id, Number(after[0])) : undefined,
      ),
    )
    .orderBy(desc(vouchers.id))
    .limit(query.per_page + 1);
  const now = new Date();
  return pageOf(
    rows.map((r) => toRow(r, now)),
    query.per_page,
    (r) => [r.id],
  );
}

/** One voucher in the caller's scope (another store's, or a shop-wide one for a seller, answers 404). */
export async function getVoucher(id: number, scope: Scope, db: Tx = getDb(), lock = false): Promise<VoucherRow> {
  const q = db
    .select(columns)
    .from(vouchers)
    .leftJoin(stores, eq(stores.id, vouchers.storeId))
    .where(and(eq(vouchers.id, id), scoped(scope)));
  const [row] = lock ? await q.for('update', { of: vouchers }) : await q;
  if (!row) throw notFound('item');
  return toRow(row);
}

const invalid = (field: string, message: string) => new AppError({ code: 'VALIDATION', message, details: { fields: { [field]: message } } });

/**
 * The store the voucher belongs to: the one named (inside the scope, else 404), none (shop-wide) for the operator,
 * or a seller's own store when they leave it empty.
 */
async function storeFor(tx: Tx, input: VoucherWriteInput, scope: Scope, before: VoucherRow | null): Promise<number | null> {
  const ids = storeIdsOf(scope);
  const named = input.store_id === undefined ? (before ? before.store_id : null) : input.store_id;
  if (named === null) {
    if (ids === null) return null;
    if (before?.store_id != null) return before.store_id;
    if (ids.length) return ids[0]!;
    throw invalid('store_id', 'backoffice.storeVouchers.errors.store');
  }
  if (ids !== null && !ids.includes(named)) throw notFound('item');
  const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, named));
  if (!store) throw invalid('store_id', 'backoffice.vouchers.noSuchStore');
  return named;
}

const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Categories that exist, and products that exist and (for a store voucher) are that store's. */
async function checkLimits(tx: Tx, input: VoucherWriteInput, storeId: number | null): Promise<void> {
  if (input.category_ids.length) {
    const found = await queryRows<{ id: number }>(tx, sql`select id from categories where id in (${list(input.category_ids)})`);
    if (found.length !== input.category_ids.length) throw invalid('category_ids', 'backoffice.voucherScope.errors.noSuchCategory');
  }
  if (input.product_ids.length) {
    const found = await queryRows<{ id: number }>(
      tx,
      sql`select id from products where id in (${list(input.product_ids)}) ${storeId === null ? sql`` : sql`and store_id = ${storeId}`}`,
    );
    if (found.length !== input.product_ids.length) throw invalid('product_ids', 'backoffice.voucherScope.errors.noSuchProduct');
  }
}

const conflict = () =>
  new AppError({
    code: 'CONFLICT',
    message: 'backoffice.storeVouchers.errors.codeTaken',
    details: { fields: { code: 'backoffice.storeVouchers.errors.codeTaken' } },
  });

const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++)
    if (e.code === '23505') return true;
  return false;
};

/** Creates (no `id`) or changes a voucher of the caller's scope; a code is unique in the shop (any case). */
export async function saveVoucher(input: VoucherWriteInput, { scope, tx, audit }: Access): Promise<VoucherRow> {
  const before = input.id === undefined ? null : await getVoucher(input.id, scope, tx, true);
  const storeId = await storeFor(tx, input, scope, before);
  await checkLimits(tx, input, storeId);
  const [taken] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(sql`upper(${vouchers.code}) = ${input.code}`, before ? sql`${vouchers.id} <> ${before.id}` : undefined));
  if (taken) throw conflict();
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
    startsAt: input.starts_at,
    endsAt: input.ends_at,
    categoryIds: input.category_ids,
    productIds: input.product_ids,
    ...(input.active === undefined ? {} : { status: input.active ? 1 : 0 }),
  };
  let id: number;
  try {
    // A savepoint: a code taken by a concurrent save is the unique index's, and says so in words.
    id = await tx.transaction(async (sp) => {
      if (before) {
        await sp.update(vouchers).set(values).where(eq(vouchers.id, before.id));
        return before.id;
      }
      const [row] = await sp
        .insert(vouchers)
        .values({ status: 1, ...values })
        .returning({ id: vouchers.id });
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
  const after = await getVoucher(id, scope, tx);
  audit({ entity: 'voucher', entityId: id, before, after });
  return after;
}

/** Switches a voucher off (shoppers can no longer see or apply it) or on again, in the caller's scope. */
export async function setVoucherActive(input: { id: number; active: boolean }, { scope, tx, audit }: Access): Promise<VoucherRow> {
  const before = await getVoucher(input.id, scope, tx, true);
  await tx
    .update(vouchers)
    .set({ status: input.active ? 1 : 0 })
    .where(eq(vouchers.id, input.id));
  audit({ entity: 'voucher', entityId: input.id, before: { active: before.active }, after: { active: input.active } });
  return getVoucher(input.id, scope, tx);
}
