// In-process timings of the back office's catalogue at scale for `npm run bench` (section `products`): a scratch
// database (DATA_DIR or DATABASE_URL) gets 100,000 products (BENCH_PRODUCTS), then the products list (first page,
// deep by keyset, filters, sorts), its search, the bulk grid's page, and the grid saving 500 rows (prices and stock,
// through the stock ledger) are timed. Goal: the list and search p95 ≤ 50 ms. Prints p50/p95; never fails the bench.
import { sql } from 'drizzle-orm';
import { getEnv } from '../src/server/core/env';
import { migrateDatabase, openDatabase, queryRows, setDatabase } from '../src/server/db/client';
import { listEditorProducts } from '../src/server/catalog/manage';
import { listGridProducts } from '../src/server/catalog/grid-manage';
import { saveProductsGrid } from '../src/server/catalog/grid-manage';
import { ProductsQuerySchema } from '../src/lib/schemas/product-write';
import type { Actor } from '../src/server/core/actor';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_PRODUCTS_ROUNDS ?? 30);
const GRID_ROWS = 500;

const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, pool: 2 });
const label = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
try {
  await migrateDatabase(database);
  setDatabase(database);
  const db = database.db;
  const count = async (table: string) => (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
  const started = performance.now();
  await db.execute(sql`insert into stores (slug, name) values ('bench-a', 'Bench A'), ('bench-b', 'Bench B') on conflict do nothing`);
  await db.execute(
    sql`insert into categories (slug, title) values ('bench-cables', 'Cables'), ('bench-chargers', 'Chargers') on conflict do nothing`,
  );
  await db.execute(sql`insert into brands (slug, title) values ('bench-volt', 'Volt'), ('bench-amp', 'Amp') on conflict do nothing`);
  const [a, b] = (await queryRows<{ id: number }>(db, sql`select id from stores where slug in ('bench-a', 'bench-b') order by slug`)).map(
    (r) => r.id,
  );
  const [c1, c2] = (await queryRows<{ id: number }>(db, sql`select id from categories where slug like 'bench-%' order by slug`)).map(
    (r) => r.id,
  );
  const [b1, b2] = (await queryRows<{ id: number }>(db, sql`select id from brands where slug like 'bench-%' order by slug`)).map(
    (r) => r.id,
  );
  // Set-based fill in chunks of 20,000 with the products' triggers off (search words, the stock ledger's opening rows):
  // the back office's list reads none of what they keep. A tenth of the products have a picture.
  await db.execute(sql`alter table products disable trigger user`);
  for (let done = await count('products'); done < PRODUCTS; done += 20_000) {
    const n = Math.min(20_000, PRODUCTS - done);
    await db.execute(sql`
      insert into products (slug, title, store_id, category_id, brand_id, selling, offered, stock, status, image, created_at)
      select 'bench-product-' || g,
             (array['USB-C cable','Wall charger','Power bank','HDMI cable','Car charger'])[1 + g % 5] || ' ' || g || ' ' ||
               (array['1 m','2 m','65 W','20,000 mAh','braided'])[1 + (g / 5) % 5],
             case when g % 2 = 0 then ${a}::int else ${b}::int end, case when g % 3 = 0 then ${c1}::int else ${c2}::int end,
             case when g % 4 = 0 then ${b1}::int else ${b2}::int end,
             500 + (g * 7919) % 100000, 0, (g * 31) % 60, case when g % 10 = 0 then 0 else 1 end,
             case when g % 10 = 0 then '/uploads/products/bench-zoom.jpg' end, now() - (g || ' minutes')::interval
      from generate_series(${done + 1}::int, ${done + n}::int) g`);
  }
  await db.execute(sql`alter table products enable trigger user`);
  await db.execute(sql`analyze products`);
  console.log(
    `\nProducts in the back office at scale on ${label}: ${(await count('products')).toLocaleString('en')} products (filled in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  const pct = (list: number[], p: number) => [...list].sort((x, y) => x - y)[Math.min(list.length - 1, Math.floor(p * list.length))]!;
  const time = async (name: string, fn: () => Promise<unknown>, rounds = ROUNDS) => {
    for (let i = 0; i < 3; i++) await fn();
    const took: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await fn();
      took.push(performance.now() - t0);
    }
    const p95 = pct(took, 0.95);
    console.log(
      `  ${name.padEnd(52)} p50 ${pct(took, 0.5).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms${p95 > 50 ? '  (over 50 ms)' : ''}`,
    );
  };
  const any = { kind: 'any' } as const;
  const list = (q: Record<string, string>) => listEditorProducts(ProductsQuerySchema.parse(q), any);
  let deep = (await list({})).next_cursor!;
  for (let i = 0; i < 200; i++) deep = (await list({ cursor: deep })).next_cursor!;
  await time('products list, first page (25)', () => list({}));
  await time('products list, page 201 by keyset', () => list({ cursor: deep }));
  await time('products list, one store, 100 rows', () => list({ store_id: String(a), per_page: '100' }));
  await time('products list, category + brand + published', () =>
    list({ category_id: String(c1), brand_id: String(b1), status: 'published' }),
  );
  await time('products list, low stock', () => list({ stock: 'low' }));
  await time('products list, out of stock', () => list({ stock: 'out' }));
  await time('products list, without a picture', () => list({ no_picture: '1' }));
  await time('products list, by price (cheapest first)', () => list({ sort: 'price', dir: 'asc' }));
  await time('products list, by title', () => list({ sort: 'title', dir: 'asc' }));
  await time('products search, a word (charger)', () => list({ q: 'charger' }));
  await time('products search, a rare title (power bank 4242)', () => list({ q: 'Power bank 4240' }));
  await time('products search, a slug', () => list({ q: 'bench-product-77777' }));
  await time('products search, nothing found', () => list({ q: 'zzz-no-such-thing' }));
  await time('bulk grid page (100 rows with versions)', () => listGridProducts(ProductsQuerySchema.parse({ per_page: '100' }), any));
  // The grid saving 500 rows: every row's price and stock change each round (one "counted" ledger row each).
  const rows = await queryRows<{ id: number; selling: number; stock: number; version: string }>(
    db,
    sql`select id, selling, stock, xmin::text as version from products where status = 1 order by id limit ${GRID_ROWS}`,
  );
  const state = rows.map((r) => ({ id: Number(r.id), selling: Number(r.selling), stock: Number(r.stock), version: Number(r.version) }));
  const actor = { user: null } as unknown as Actor;
  let round = 0;
  await time(
    `bulk grid saving ${GRID_ROWS} rows (prices and stock)`,
    async () => {
      round++;
      const input = {
        rows: state.map((r) => ({ id: r.id, version: r.version, selling: r.selling + 1, offered: 0, stock: (r.stock + round) % 90 })),
      };
      const saved = await db.transaction((tx) => saveProductsGrid(input, actor, { scope: any, tx, audit: () => {} }));
      for (const r of state) {
        r.selling += 1;
        r.stock = (r.stock + round) % 90;
        r.version = saved.versions[r.id] ?? r.version;
      }
    },
    Math.min(ROUNDS, 15),
  );
} finally {
  setDatabase(undefined);
  await database.close();
}
