import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import type { Period } from '@/server/reports/period';

/** Store ids a report keeps to, or null for every store (the policy's scope). */
export type StoreIds = readonly number[] | null;

const inStores = (ids: StoreIds, column: SQL = sql`store_id`): SQL =>
  ids === null
    ? sql`true`
    : ids.length
      ? sql`${column} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;

const ORDER_COLUMNS =
  'day, store_id, payment_method, country, orders, gross, discount, tax, shipping, refunds, refund_count, new_customers, new_store_customers, returning_orders, returning_store_orders';
const PRODUCT_COLUMNS = 'day, store_id, product_id, orders, units, gross, refunds';

/**
 * The whole months inside a period (first days of the first and last), or null when it holds none: those are read
 * from the monthly roll-ups, the days at the edges from the daily ones.
 */
export function wholeMonthsOf(p: Pick<Period, 'from' | 'to'>): { first: string; last: string; end: string } | null {
  const [fy, fm, fd] = p.from.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(fy, fm - 1 + (fd === 1 ? 0 : 1), 1));
  const [ty, tm, td] = p.to.split('-').map(Number) as [number, number, number];
  // The month after `to` starts the day after it when `to` is a month's last day.
  const afterTo = new Date(Date.UTC(ty, tm - 1, td + 1));
  const last = new Date(Date.UTC(ty, tm - 1 + (afterTo.getUTCDate() === 1 ? 0 : -1), 1));
  if (last < first) return null;
  const end = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { first: day(first), last: day(last), end: day(end) };
}

/**
 * A roll-up's rows of a period plus the changes not folded yet: whole months from the monthly table (their `day`
 * is the month's first day) unless `daysOnly` (a chart by day or week), the other days from the daily one.
 */
function rollupRows(
  tables: { daily: string; monthly: string; level: number; columns: string },
  p: Pick<Period, 'from' | 'to'>,
  ids: StoreIds,
  daysOnly: boolean,
): SQL {
  const months = daysOnly ? null : wholeMonthsOf(p);
  const daily = sql.raw(tables.daily);
  const monthly = sql.raw(tables.monthly);
  const columns = sql.raw(tables.columns);
  const monthColumns = sql.raw(tables.columns.replace(/^day,/, 'month as day,'));
  const days = sql`day between ${p.from}::date and ${p.to}::date`;
  return sql`(
  select ${columns} from ${daily} where ${days} and ${inStores(ids)}
    ${months ? sql`and not (day between ${months.first}::date and ${months.end}::date)` : sql``}
  ${months ? sql`union all select ${monthColumns} from ${monthly} where month between ${months.first}::date and ${months.last}::date and ${inStores(ids)}` : sql``}
  union all
  select ${columns} from report_changes where level = ${tables.level} and ${days} and ${inStores(ids)})`;
}

/** The roll-up's order rows of these days plus the changes not folded yet (level 0). */
const orderRows = (p: Pick<Period, 'from' | 'to'>, ids: StoreIds, daysOnly = false) =>
  rollupRows({ daily: 'report_daily', monthly: 'report_monthly', level: 0, columns: ORDER_COLUMNS }, p, ids, daysOnly);

/** The same by product (level 1). */
const productRows = (p: Pick<Period, 'from' | 'to'>, ids: StoreIds) =>
  rollupRows({ daily: 'report_daily_products', monthly: 'report_monthly_products', level: 1, columns: PRODUCT_COLUMNS }, p, ids, false);

/** Money sums of a group of order rows; net = gross − discounts − refunds. */
export interface Money {
  orders: number;
  gross: number;
  discount: number;
  refunds: number;
  net: number;
  tax: number;
  shipping: number;
}

export interface Totals extends Money {
  units: number;
  refund_count: number;
  /** Average order value: (gross − discounts) / orders, in minor units. */
  aov: number;
  new_customers: number;
  returning_orders: number;
}

const SUMS = sql.raw(`coalesce(sum(orders), 0)::bigint as orders, coalesce(sum(gross), 0)::bigint as gross,
  coalesce(sum(discount), 0)::bigint as discount, coalesce(sum(refunds), 0)::bigint as refunds, coalesce(sum(tax), 0)::bigint as tax,
  coalesce(sum(shipping), 0)::bigint as shipping`);

type Raw = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const moneyOf = (r: Raw): Money => {
  const m = { orders: n(r.orders), gross: n(r.gross), discount: n(r.discount), refunds: n(r.refunds), tax: n(r.tax), shipping: n(r.shipping) };
  return { ...m, net: m.gross - m.discount - m.refunds };
};

/** The period's totals. `storeLevel`: new and returning customers of the store rather than the shop (a seller). */
export async function totalsOf(db: Tx, p: Period, ids: StoreIds, storeLevel: boolean): Promise<Totals> {
  const newCol = sql.raw(storeLevel ? 'new_store_customers' : 'new_customers');
  const retCol = sql.raw(storeLevel ? 'returning_store_orders' : 'returning_orders');
  const [row] = await queryRows<Raw>(
    db,
    sql`select ${SUMS}, coalesce(sum(refund_count), 0)::bigint as refund_count, coalesce(sum(${newCol}), 0)::bigint as new_customers,
          coalesce(sum(${retCol}), 0)::bigint as returning_orders,
          (select coalesce(sum(units), 0)::bigint from ${productRows(p, ids)} u) as units
        from ${orderRows(p, ids)} r`,
  );
  const money = moneyOf(row ?? {});
  return {
    ...money,
    units: n(row?.units),
    refund_count: n(row?.refund_count),
    aov: money.orders > 0 ? Math.round((money.gross - money.discount) / money.orders) : 0,
    new_customers: n(row?.new_customers),
    returning_orders: n(row?.returning_orders),
  };
}

export interface SeriesPoint extends Money {
  /** The bucket's first day. */
  start: string;
}

/** The period by day, week (from Monday) or month: every bucket, empty ones as zeros. */
export async function seriesOf(db: Tx, p: Period, ids: StoreIds): Promise<SeriesPoint[]> {
  const unit = sql.raw(`'${p.bucket}'`);
  const rows = await queryRows<Raw>(
    db,
    sql`with b as (
          select to_char(g, 'YYYY-MM-DD') as start from generate_series(date_trunc(${unit}, ${p.from}::date::timestamp),
            ${p.to}::date::timestamp, ${`1 ${p.bucket}`}::interval) g),
        s as (select to_char(date_trunc(${unit}, day::timestamp), 'YYYY-MM-DD') as start, ${SUMS} from ${orderRows(p, ids, p.bucket !== 'month')} r group by 1)
        select b.start, s.orders, s.gross, s.discount, s.refunds, s.tax, s.shipping from b left join s on s.start = b.start order by b.start`,
  );
  return rows.map((r) => ({ start: String(r.start), ...moneyOf(r) }));
}

export interface GroupRow extends Money {
  key: string;
  id: number | null;
  name: string;
  units: number | null;
}

/** The period by store, payment method or country. */
export async function ordersBy(db: Tx, p: Period, ids: StoreIds, by: 'store' | 'method' | 'country'): Promise<GroupRow[]> {
  const col = sql.raw(by === 'store' ? 'store_id' : by === 'method' ? 'payment_method' : 'country');
  const rows = await queryRows<Raw>(
    db,
    sql`select ${col} as key, ${SUMS} from ${orderRows(p, ids)} r group by 1
        having coalesce(sum(orders), 0) <> 0 or coalesce(sum(refunds), 0) <> 0 order by gross desc, key`,
  );
  let names = new Map<string, string>();
  let units = new Map<string, number>();
  if (by === 'store') {
    const storeNames = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from stores where ${inStores(
        rows.map((r) => Number(r.key)),
        sql`id`,
      )}`,
    );
    names = new Map(storeNames.map((s) => [String(s.id), s.name]));
    const u = await queryRows<Raw>(db, sql`select store_id, coalesce(sum(units), 0)::bigint as units from ${productRows(p, ids)} r group by 1`);
    units = new Map(u.map((r) => [String(r.store_id), n(r.units)]));
  }
  return rows.map((r) => {
    const key = String(r.key);
    return {
      key,
      id: by === 'country' ? null : Number(key),
      name: names.get(key) ?? key,
      units: by === 'store' ? (units.get(key) ?? 0) : null,
      ...moneyOf(r),
    };
  });
}

export interface ProductGroupRow {
  id: number | null;
  name: string;
  orders: number;
  units: number;
  gross: number;
  refunds: number;
  /** Product rows only. */
  category?: string;
  brand?: string;
  store_id?: number;
}

/** Sales by product in the period (every product that sold or was refunded), with its category and brand: one pass over the roll-up. */
export async function productTotalsOf(db: Tx, p: Period, ids: StoreIds): Promise<(ProductGroupRow & { category_id: number | null; brand_id: number | null })[]> {
  const rows = await queryRows<Raw>(
    db,
    sql`select r.product_id as id, pr.title as name, pr.category_id, c.title as category, pr.brand_id, b.title as brand, r.store_id,
          r.orders, r.units, r.gross, r.refunds
        from (select product_id, min(store_id) as store_id, sum(orders)::bigint as orders, sum(units)::bigint as units,
                sum(gross)::bigint as gross, sum(refunds)::bigint as refunds
              from ${productRows(p, ids)} x group by product_id having sum(units) <> 0 or sum(refunds) <> 0) r
        left join products pr on pr.id = r.product_id
        left join categories c on c.id = pr.category_id left join brands b on b.id = pr.brand_id`,
  );
  return rows.map((r) => ({
    id: r.id === null || r.id === undefined || Number(r.id) === 0 ? null : Number(r.id),
    name: String(r.name ?? ''),
    orders: n(r.orders),
    units: n(r.units),
    gross: n(r.gross),
    refunds: n(r.refunds),
    category: String(r.category ?? ''),
    brand: String(r.brand ?? ''),
    store_id: n(r.store_id),
    category_id: r.category_id === null || r.category_id === undefined ? null : Number(r.category_id),
    brand_id: r.brand_id === null || r.brand_id === undefined ? null : Number(r.brand_id),
  }));
}

const byGross = (x: ProductGroupRow, y: ProductGroupRow) => y.gross - x.gross || y.units - x.units || (x.id ?? 0) - (y.id ?? 0);

/** Top products, and the same sales summed by category or brand (from `productTotalsOf`). */
export function productsBy(
  totals: Awaited<ReturnType<typeof productTotalsOf>>,
  by: 'product' | 'category' | 'brand',
  limit = 100,
): ProductGroupRow[] {
  if (by === 'product')
    return [...totals]
      .sort(byGross)
      .slice(0, limit)
      .map(({ category_id: _c, brand_id: _b, ...row }) => row);
  const groups = new Map<number | null, ProductGroupRow>();
  for (const t of totals) {
    const id = by === 'category' ? t.category_id : t.brand_id;
    const g = groups.get(id) ?? { id, name: by === 'category' ? (t.category ?? '') : (t.brand ?? ''), orders: 0, units: 0, gross: 0, refunds: 0 };
    g.orders += t.orders;
    g.units += t.units;
    g.gross += t.gross;
    g.refunds += t.refunds;
    groups.set(id, g);
  }
  return [...groups.values()].sort(byGross).slice(0, limit);
}

export interface StockRow {
  id: number;
  name: string;
  stock: number;
  price: number;
  value: number;
  /** Units sold in the 30 days up to the period's end. */
  sold_30: number;
  /** Days until it runs out at that rate; null when it did not sell. */
  days_left: number | null;
}

/** Published products that sold nothing in the period (`sold`: the products that did), oldest first. */
export async function unsoldOf(db: Tx, sold: readonly number[], ids: StoreIds, limit = 100): Promise<StockRow[]> {
  const rows = await queryRows<Raw>(
    db,
    sql`select pr.id, pr.title as name, pr.stock, case when pr.offered > 0 then pr.offered else pr.selling end as price
        from products pr
        where pr.status = 1 and ${inStores(ids, sql`pr.store_id`)}
          ${sold.length ? sql`and pr.id not in (${sql.join(
            sold.map((id) => sql`${id}`),
            sql`, `,
          )})` : sql``}
        order by pr.id limit ${limit}`,
  );
  return rows.map((r) => ({ id: n(r.id), name: String(r.name), stock: n(r.stock), price: n(r.price), value: n(r.stock) * n(r.price), sold_30: 0, days_left: null }));
}

/** The stock's value at today's prices, and the products that run out first at the last 30 days' rate. */
export async function stockOf(db: Tx, to: string, ids: StoreIds, limit = 100): Promise<{ value: number; units: number; rows: StockRow[] }> {
  const last30 = { from: new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10), to };
  const [total] = await queryRows<Raw>(
    db,
    sql`select coalesce(sum(greatest(stock, 0)::bigint * (case when offered > 0 then offered else selling end)), 0)::bigint as value,
          coalesce(sum(greatest(stock, 0)), 0)::bigint as units
        from products where status = 1 and ${inStores(ids)}`,
  );
  const rows = await queryRows<Raw>(
    db,
    sql`with sold as (select product_id, sum(units) as units from ${productRows(last30, ids)} r group by product_id having sum(units) > 0)
        select pr.id, pr.title as name, greatest(pr.stock, 0) as stock, case when pr.offered > 0 then pr.offered else pr.selling end as price,
          sold.units as sold_30
        from sold join products pr on pr.id = sold.product_id
        where pr.status = 1
        order by greatest(pr.stock, 0)::float8 / sold.units, pr.id limit ${limit}`,
  );
  return {
    value: n(total?.value),
    units: n(total?.units),
    rows: rows.map((r) => {
      const stock = n(r.stock);
      const sold = n(r.sold_30);
      return {
        id: n(r.id),
        name: String(r.name),
        stock,
        price: n(r.price),
        value: stock * n(r.price),
        sold_30: sold,
        days_left: sold > 0 ? Math.floor((stock * 30) / sold) : null,
      };
    }),
  };
}
