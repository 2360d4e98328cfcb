import type { ReportQuery } from '@/lib/schemas/reports';
import { getDb, type Tx } from '@/server/db/client';
import { storeIdsOf, type Scope } from '@/server/core/policy';
import { getSettings } from '@/server/settings';
import { foldReports } from '@/server/reports/fold';
import { periodOf, previousOf, todayIn, type Period } from '@/server/reports/period';
import {
  ordersBy,
  productTotalsOf,
  productsBy,
  seriesOf,
  stockOf,
  totalsOf,
  unsoldOf,
  type GroupRow,
  type ProductGroupRow,
  type SeriesPoint,
  type StockRow,
  type Totals,
} from '@/server/reports/figures';
import { ledgerOf, type LedgerFigures } from '@/server/reports/ledger';

export interface Report {
  time_zone: string;
  period: Period;
  previous: Period;
  totals: Totals;
  previous_totals: Totals;
  series: SeriesPoint[];
  by_store: GroupRow[];
  by_method: GroupRow[];
  by_country: GroupRow[];
  by_product: ProductGroupRow[];
  by_category: ProductGroupRow[];
  by_brand: ProductGroupRow[];
  unsold: StockRow[];
  stock: { value: number; units: number; rows: StockRow[] };
  /** The seller ledger's lines of the period: sales of paid orders, the shop's commission, refunds, payouts. */
  ledger: LedgerFigures;
}

/** The period the query names, in the shop's time zone, and the one it is compared with. */
export async function reportPeriods(query: ReportQuery, now = new Date()): Promise<{ timeZone: string; period: Period; previous: Period }> {
  const timeZone = (await getSettings()).setting.time_zone;
  const period = periodOf(query, todayIn(timeZone, now));
  return { timeZone, period, previous: previousOf(period, query.period) };
}

/**
 * The whole report of a period for the caller's scope (every store, or a seller's): totals against the
 * previous period, the chart's series and the tables. Reads the daily roll-ups (a year is a few thousand rows).
 */
export async function buildReport(query: ReportQuery, scope: Scope, db: Tx = getDb(), now = new Date()): Promise<Report> {
  await foldReports(db);
  const { timeZone, period, previous } = await reportPeriods(query, now);
  const ids = storeIdsOf(scope);
  const storeLevel = scope.kind === 'own';
  const productTotals = productTotalsOf(db, period, ids);
  const [totals, previousTotals, series, byStore, byMethod, byCountry, products, unsold, stock, ledger] = await Promise.all([
    totalsOf(db, period, ids, storeLevel),
    totalsOf(db, previous, ids, storeLevel),
    seriesOf(db, period, ids),
    ordersBy(db, period, ids, 'store'),
    ordersBy(db, period, ids, 'method'),
    ordersBy(db, period, ids, 'country'),
    productTotals,
    productTotals.then((rows) =>
      unsoldOf(
        db,
        rows.filter((r) => r.id !== null && r.units > 0).map((r) => r.id!),
        ids,
      ),
    ),
    stockOf(db, period.to, ids),
    ledgerOf(db, period, timeZone, ids),
  ]);
  const byProduct = productsBy(products, 'product');
  const byCategory = productsBy(products, 'category');
  const byBrand = productsBy(products, 'brand');
  return {
    time_zone: timeZone,
    period,
    previous,
    totals,
    previous_totals: previousTotals,
    series,
    by_store: byStore,
    by_method: byMethod,
    by_country: byCountry,
    by_product: byProduct,
    by_category: byCategory,
    by_brand: byBrand,
    unsold,
    stock,
    ledger,
  };
}
