import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';

/**
 * Folds what orders, cancellations and refunds appended to `report_changes` into the daily roll-ups
 * (SQL `report_fold()`, migration 0017). One folder at a time; a second caller returns 0 at once (reports read
 * the pending changes too, so the figures are right either way). Returns how many changes were folded.
 */
export async function foldReports(db: Tx = getDb()): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select report_fold() as n`);
  return Number(row?.n ?? 0);
}

/**
 * Recounts the roll-ups from scratch from the orders, their lines, cancellations and refunds (SQL
 * `report_recount()`): `npm run shop -- reports:rebuild`, after the shop's time zone changed, and the tests.
 * Order writes wait while it runs.
 */
export async function rebuildReports(db: Tx = getDb()): Promise<{ days: number; productDays: number }> {
  await db.execute(sql`select report_recount()`);
  const [row] = await queryRows<{ days: number; product_days: number }>(
    db,
    sql`select (select count(*) from report_daily)::int as days, (select count(*) from report_daily_products)::int as product_days`,
  );
  return { days: row?.days ?? 0, productDays: row?.product_days ?? 0 };
}
