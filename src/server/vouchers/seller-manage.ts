import { and, desc, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { stores, vouchers } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import { storeIdsOf, type Scope } from '@/server/core/policy';
import type { Access } from '@/server/core/action';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import type { VoucherWriteInput, VouchersQuery } from '@/lib/schemas/store-vouchers';

/** A store voucher as the seller's screens and API show it (money in minor units). */
export interface SellerVoucher {
  id: number;
  store_id: number;
  store_name: string;
  code: string;
  title: string;
  price_type: number;
  amount: number;
  min_spend: number;
  max_discount: number;
  usage_limit: number;
  per_user_limit: number;
  used_count: number;
  starts_at: string;
  ends_at: string;
  status: 'active' | 'disabled';
  /** Shown to shoppers right now: active, started, not ended, uses left. */
  running: boolean;
}

const columns = {
  id: vouchers.id,
  storeId: vouchers.storeId,
  storeName: stores.name,
  code: vouchers.code,
  title: vouchers.title,
  priceType: vouchers.priceType,
  amount: vouchers.amount,
  minSpend: vouchers.minSpend,
  maxDiscount: vouchers.maxDiscount,
  usageLimit: vouchers.usageLimit,
  perUserLimit: vouchers.perUserLimit,
  usedCount: vouchers.usedCount,
  startsAt: vouchers.startsAt,
  endsAt: vouchers.endsAt,
  status: vouchers.status,
};
type Row = {
  id: number;
  storeId: number | null;
  storeName: string;
  code: string;
  title: string;
  priceType: number;
  amount: number;
  minSpend: number;
  maxDiscount: number;
  usageLimit: number;
  perUserLimit: number;
  usedCount: number;
  startsAt: Date;
  endsAt: Date;
  status: number;
};

function toVoucher(r: Row, now = new Date()): SellerVoucher {
  const usesLeft = r.usageLimit === 0 || r.usedCount < r.usageLimit;
  return {
    id: r.id,
    store_id: r.storeId!,
    store_name: r.storeName,
    code: r.code,
    title: r.title,
    price_type: r.priceType,
    amount: r.amount,
    min_spend: r.minSpend,
    max_discount: r.maxDiscount,
    usage_limit: r.usageLimit,
    per_user_limit: r.perUserLimit,
    used_count: r.usedCount,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    status: r.status === 1 ? 'active' : 'disabled',
    running: r.status === 1 && r.startsAt <= now && r.endsAt > now && usesLeft,
  };
}

/** Store vouchers only (the operator's shop-wide ones are not a seller's), within the scope's stores. */
function inScopeWhere(scope: Scope): SQL | undefined {
  const ids = storeIdsOf(scope);
  return ids === null ? isNotNull(vouchers.storeId) : inArray(vouchers.storeId, ids.length ? [...ids] : [0]);
}

/** The scope's store vouchers, newest first, by keyset pages; `q` finds a code or title. */
export async function listSellerVouchers(query: VouchersQuery, scope: Scope, db: Tx = getDb()) {
  const after = decodeCursor(query.cursor, 1);
  const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select(columns)
    .from(vouchers)
    .innerJoin(stores, eq(stores.id, vouchers.storeId))
    .where(
      and(
        inScopeWhere(scope),
        query.status ? eq(vouchers.status, query.status === 'active' ? 1 : 0) : undefined,
        query.q ? or(sql`${vouchers.code} ilike ${like}`, sql`${vouchers.title} ilike ${like}`) : undefined,
        after ? lt(vouchers.id, Number(after[0])) : undefined,
      ),
    )
    .orderBy(desc(vouchers.id))
    .limit(query.per_page + 1);
  const now = new Date();
  return pageOf(
    rows.map((r) => toVoucher(r, now)),
    query.per_page,
    (v) => [v.id],
  );
}

/** One store voucher of the scope, or 404 as if it did not exist. */
export async function getSellerVoucher(id: number, scope: Scope, db: Tx = getDb(), lock = false): Promise<SellerVoucher> {
  const q = db
    .select(columns)
    .from(vouchers)
    .innerJoin(stores, eq(stores.id, vouchers.storeId))
    .where(and(eq(vouchers.id, id), inScopeWhere(scope)));
  const [row] = lock ? await q.for('update', { of: vouchers }) : await q;
  if (!row) throw notFound('item');
  return toVoucher(row);
}

/** The store a new voucher belongs to: the one named (inside the scope), or a seller's only store. */
function storeFor(input: VoucherWriteInput, scope: Scope): number {
  const ids = storeIdsOf(scope);
  if (input.store_id !== undefined) {
    if (ids !== null && !ids.includes(input.store_id)) throw notFound('item');
    return input.store_id;
  }
  if (ids?.length) return ids[0]!;
  throw new AppError({
    code: 'VALIDATION',
    message: 'backoffice.storeVouchers.errors.store',
    details: { fields: { store_id: 'backoffice.storeVouchers.errors.store' } },
  });
}

const codeTaken = () =>
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

/** Refuses a code another voucher (of any store, or the shop's) already has; the unique index settles a race. */
async function checkCode(tx: Tx, code: string, id: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(sql`upper(${vouchers.code}) = ${code}`, id === null ? undefined : sql`${vouchers.id} <> ${id}`));
  if (taken) throw codeTaken();
}

const fieldsOf = (input: VoucherWriteInput) => ({
  code: input.code,
  title: input.title,
  priceType: input.price_type,
  amount: input.amount,
  minSpend: input.min_spend,
  maxDiscount: input.price_type === 2 ? input.max_discount : 0,
  usageLimit: input.usage_limit,
  perUserLimit: input.per_user_limit,
  startsAt: input.starts_at,
  endsAt: input.ends_at,
});

/** Creates (no `id`) or changes a store voucher of the scope; the storefront shows it while it runs. */
export async function saveSellerVoucher(input: VoucherWriteInput, { scope, tx, audit }: Access): Promise<SellerVoucher> {
  const before = input.id === undefined ? null : await getSellerVoucher(input.id, scope, tx, true);
  await checkCode(tx, input.code, before?.id ?? null);
  let id: number;
  try {
    id = await tx.transaction(async (sp) => {
      if (before) {
        await sp.update(vouchers).set(fieldsOf(input)).where(eq(vouchers.id, before.id));
        return before.id;
      }
      const [row] = await sp
        .insert(vouchers)
        .values({ ...fieldsOf(input), storeId: storeFor(input, scope), status: 1 })
        .returning({ id: vouchers.id });
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  const after = await getSellerVoucher(id, scope, tx);
  audit({ entity: 'voucher', entityId: id, before, after });
  return after;
}

/** Disables a store voucher (shoppers no longer see or use it) or makes it active again. */
export async function setSellerVoucherStatus(
  input: { id: number; status: 'active' | 'disabled' },
  { scope, tx, audit }: Access,
): Promise<SellerVoucher> {
  const before = await getSellerVoucher(input.id, scope, tx, true);
  await tx
    .update(vouchers)
    .set({ status: input.status === 'active' ? 1 : 0 })
    .where(eq(vouchers.id, input.id));
  audit({ entity: 'voucher', entityId: input.id, before: { status: before.status }, after: { status: input.status } });
  return getSellerVoucher(input.id, scope, tx);
}
