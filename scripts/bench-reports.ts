// In-process timings of the reports at scale for `npm run bench` (section `reports`): a scratch PostgreSQL
// database (DATABASE_URL) gets BENCH_REPORT_ROWS orders (default 1,000,000) over the last 365 days, one line each,
// a tenth of them cancelled, refunds on every 20th, loaded with generate_series and recounted into the daily
// roll-ups (report_recount); then the 30-day and 365-day reports (the operator's, a seller's) are timed,
// each the whole report: totals against the previous period, the chart's series and every table. p50/p95.
import { sql } from 'drizzle-orm';
import { getEnv } from '../src/server/core/env';
import { migrateDatabase, openDatabase, queryRows, setDatabase } from '../src/server/db/client';
import { buildReport } from '../src/server/reports/report';
import { ReportQuerySchema } from '../src/lib/schemas/reports';

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_REPORT_ROUNDS ?? 30);

const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, pool: 2 });
const label = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
try {
  await migrateDatabase(database);
  setDatabase(database);
  const db = database.db;
  const count = async (table: string) => (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
  const started = performance.now();
  if ((await count('stores')) < 2)
    await db.execute(sql`insert into stores (slug, name) values ('bench-a', 'Bench A'), ('bench-b', 'Bench B') on conflict do nothing`);
  const [a, b] = (await queryRows<{ id: number }>(db, sql`select id from stores order by id limit 2`)).map((r) => r.id);
  if ((await count('categories')) < 1) await db.execute(sql`insert into categories (title, slug) values ('Bench', 'bench')`);
  const [cat] = await queryRows<{ id: number }>(db, sql`select id from categories order by id limit 1`);
  if ((await count('products')) < 200)
    await db.execute(sql`insert into products (title, slug, store_id, category_id, selling, stock, status)
      select 'Bench product ' || g, 'bench-product-' || g, case when g % 2 = 0 then ${a}::int else ${b}::int end, ${cat!.id}, 1000 + g * 10, g % 40, 1
      from generate_series(1, 200) g`);
  const productIds = (await queryRows<{ id: number }>(db, sql`select id from products order by id limit 200`)).map((r) => r.id);
  // Bulk load without the per-row triggers, then one recount: what `reports:rebuild` does for an upgraded shop.
  await db.execute(sql`alter table orders disable trigger report_orders_insert`);
  await db.execute(sql`alter table order_lines disable trigger report_lines_insert`);
  for (let done = await count('orders'); done < ROWS; done += 100_000) {
    const n = Math.min(100_000, ROWS - done);
    await db.execute(sql`
      insert into orders (order_no, store_id, status, payment_status, payment_method, email, tracking_code, subtotal, discount, tax,
        shipping_total, total, shipping_address, created_at)
      select 'R' || g, case when g % 2 = 0 then ${a}::int else ${b}::int end, 'delivered', 1, (array[2, 3, 7])[1 + g % 3],
             'buyer' || (g % 200000) || '@bench.test', 'RT' || g, 1000 + g % 50000, g % 7 * 100, g % 13 * 50, 500,
             1000 + g % 50000 + 500, jsonb_build_object('country', (array['US', 'FR', 'DE', 'EG', 'IN'])[1 + g % 5]),
             now() - ((g::bigint * 31536) / ${ROWS}::bigint || ' seconds')::interval * 1000
      from generate_series(${done + 1}::int, ${done + n}::int) g`);
    await db.execute(sql`
      insert into order_lines (order_id, product_id, title, unit_price, quantity, line_total)
      select o.id, (${sql.raw(`array[${productIds.join(',')}]`)})[1 + o.id % ${productIds.length}], 'Bench line', o.subtotal, 1, o.subtotal
      from orders o where o.order_no in (select 'R' || g from generate_series(${done + 1}::int, ${done + n}::int) g)`);
  }
  await db.execute(sql`alter table orders enable trigger report_orders_insert`);
  await db.execute(sql`alter table order_lines enable trigger report_lines_insert`);
  if ((await count('cancellations')) === 0) {
    await db.execute(sql`alter table cancellations disable trigger report_cancellations_insert`);
    await db.execute(
      sql`insert into cancellations (order_id, reason, status) select id, 'bench', 'cancelled' from orders where id % 10 = 0`,
    );
    await db.execute(sql`update orders set status = 'cancelled' where id % 10 = 0`);
    await db.execute(sql`alter table cancellations enable trigger report_cancellations_insert`);
    await db.execute(sql`alter table payment_refunds disable trigger report_refunds_insert`);
    await db.execute(sql`insert into payment_refunds (kind, order_no, order_id, gateway, charge_ref, amount, currency, reason, status, idempotency_key, lines, created_at)
      select 'order', o.order_no, o.id, 'manual', 'order-' || o.id, 500, 'USD', 'operator', 'refunded', 'bench-' || o.id,
        jsonb_build_array(jsonb_build_object('line_id', l.id, 'quantity', 1, 'amount', 500)), o.created_at + interval '2 days'
      from orders o join order_lines l on l.order_id = o.id where o.id % 20 = 1`);
    await db.execute(sql`alter table payment_refunds enable trigger report_refunds_insert`);
  }
  const filled = performance.now();
  // A database filled by an earlier run (DATABASE_URL kept) is recounted already.
  if ((await count('report_daily')) === 0 || (await count('report_changes')) > 0) await db.execute(sql`select report_recount()`);
  await db.execute(sql`analyze`);
  console.log(
    `\nReports at scale on ${label}: ${(await count('orders')).toLocaleString('en')} orders (filled in ${((filled - started) / 1000).toFixed(0)} s, ` +
      `recounted in ${((performance.now() - filled) / 1000).toFixed(0)} s: ${(await count('report_daily')).toLocaleString('en')} day rows, ` +
      `${(await count('report_daily_products')).toLocaleString('en')} product day rows, ` +
      `${(await count('report_monthly')).toLocaleString('en')} month rows, ${(await count('report_monthly_products')).toLocaleString('en')} product month rows)`,
  );
  const pct = (list: number[], p: number) => [...list].sort((x, y) => x - y)[Math.min(list.length - 1, Math.floor(p * list.length))]!;
  const time = async (name: string, fn: () => Promise<unknown>) => {
    for (let i = 0; i < 3; i++) await fn();
    const took: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      await fn();
      took.push(performance.now() - t0);
    }
    console.log(`  ${name.padEnd(52)} p50 ${pct(took, 0.5).toFixed(1).padStart(7)} ms   p95 ${pct(took, 0.95).toFixed(1).padStart(7)} ms`);
  };
  const q30 = ReportQuerySchema.parse({ period: '30d' });
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const q365 = ReportQuerySchema.parse({ period: 'custom', from: yearAgo, to: today });
  await time('/admin/reports, 30 days (whole report)', () => buildReport(q30, { kind: 'any' }));
  await time('/admin/reports, 365 days (whole report)', () => buildReport(q365, { kind: 'any' }));
  await time('/seller/reports, 30 days (one store)', () => buildReport(q30, { kind: 'own', storeIds: [a!] }));
  await time('/seller/reports, 365 days (one store)', () => buildReport(q365, { kind: 'own', storeIds: [a!] }));
} finally {
  setDatabase(undefined);
  await database.close();
}
