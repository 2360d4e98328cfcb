// A signed-in shopper for the page bench (scripts/bench.mjs), written straight into the database the
// server will use, before it starts (PGlite has one owner): one account with a session, an address, three lines in
// its cart and two wishlisted products, so its pages carry every personal part (name, cart count, hearts);
// and BENCH_SHOPPER_ORDERS (default 40) past orders of two lines each, for /user/orders and one order's page;
// and, for the pages drawn afresh (BENCH_ONLY=fresh), products, categories and words picked at random from the catalogue.
// Usage: tsx scripts/bench-pages-setup.ts <out.json>  (DATA_DIR or DATABASE_URL says where)
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows } from '../src/server/db/client';
import { seedDemoIfEmpty } from '../src/server/demo';
import { products as productsTable } from '../src/server/db/schema';
import { onSale } from '../src/server/catalog/on-sale';

const out = process.argv[2] ?? 'bench-shopper.json';
const tag = `p${Date.now().toString(36)}`;

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR, pool: 2 });
try {
  await migrateDatabase(database);
  const db = database.db;
  await seedDemoIfEmpty(db);
  const products = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p where p.status = 1 and p.stock > 5 and not exists (select 1 from inventories i where i.product_id = p.id) order by p.id limit 5`,
  );
  const [user] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (name, email) values ('Benchley Shopper', ${`${tag}@bench.example`}) returning id`,
  );
  // An address, so /shipping and /checkout draw the whole quote (shipping per store, tax).
  await db.execute(sql`insert into addresses (user_id, name, email, phone, country, state, city, zip, address_1)
    values (${user!.id}, 'Benchley', 'bench@example.com', '555-123-4567', 'US', 'CA', 'Fresno', '93650', '1 Main St')`);
  const [cart] = await queryRows<{ id: number }>(db, sql`insert into carts (user_id) values (${user!.id}) returning id`);
  for (const p of products.slice(0, 3)) {
    await db.execute(sql`insert into cart_lines (cart_id, product_id, quantity, selected) values (${cart!.id}, ${p.id}, 1, 1)`);
  }
  for (const p of products.slice(3, 5)) {
    await db.execute(sql`insert into wishlists (user_id, product_id) values (${user!.id}, ${p.id})`);
  }
  // Past orders (newest has the highest id, as in a shop), each of one store, with two lines.
  const orders = Number(process.env.BENCH_SHOPPER_ORDERS ?? 40);
  const [store] = await queryRows<{ id: number }>(db, sql`select id from stores where status = 1 order by id limit 1`);
  let orderId: number | null = null;
  if (orders > 0 && store) {
    await db.execute(sql`
      insert into orders (order_no, store_id, user_id, status, payment_status, payment_method, email, tracking_code, subtotal, total,
                          shipping_address, created_at)
      select ${tag} || '-' || g, ${store.id}::int, ${user!.id}::int,
             (array['delivered','shipped','confirmed','pending'])[1 + g % 4], 1, 2, 'bench@example.com', 'BT' || ${tag} || g,
             1000 + g, 1000 + g,
             jsonb_build_object('name', 'Benchley', 'phone', '555-123-4567', 'country', 'US', 'city', 'Fresno', 'zip', '93650', 'address_1', '1 Main St'),
             now() - ((${orders}::int - g) || ' hours')::interval
      from generate_series(1, ${orders}::int) g`);
    await db.execute(sql`
      insert into order_lines (order_id, title, unit_price, quantity, line_total)
      select o.id, 'Bench item ' || k, 500 + k, 1, 500 + k
      from orders o, generate_series(1, 2) k where o.user_id = ${user!.id}`);
    const [last] = await queryRows<{ id: number }>(db, sql`select max(id) as id from orders where user_id = ${user!.id}`);
    orderId = last?.id ?? null;
  }
  const token = `${tag}-token-${user!.id}`;
  await db.execute(sql`insert into sessions (id_hash, user_id, expires_at)
    values (encode(sha256(convert_to(${token}, 'UTF8')), 'hex'), ${user!.id}, now() + interval '1 day')`);
  // A different product, listing or search on every request (scripts/bench.mjs "fresh"): picked at random,
  // so a big catalogue is read where its pages are not in any cache.
  const fresh = {
    products: (
      await queryRows<{ slug: string }>(db, sql`select slug from ${productsTable} where ${onSale()} order by random() limit 2000`)
    ).map((r) => r.slug),
    categories: (
      await queryRows<{ slug: string }>(
        db,
        sql`select c.slug from categories c where c.status = 1 and exists (select 1 from products p where p.category_id = c.id) order by c.id`,
      )
    ).map((r) => r.slug),
    // The demo's own products (loaded first: the lowest ids; a big catalogue's are copies with an edition word and a
    // serial), so the demo and a big catalogue are searched for the same texts. Enough texts that none comes back
    // within the 15 s a search's count is remembered (search/remember.ts) on the demo either, where 200 whole words
    // came round again and were partly counted already.
    words: searchTexts(
      await queryRows<{ title: string }>(
        db,
        sql`select title from (select title from ${productsTable} where ${onSale()} order by id limit 250) as demo order by random()`,
      ),
    ),
  };
  fs.writeFileSync(out, JSON.stringify({ token, orderId, fresh }));
} finally {
  await database.close();
}

/**
 * Every start (4 letters or more) of each title word, as a shopper types it ("back", "backl", … "backlight"), once
 * each and shuffled: 200-odd words give about a thousand texts, one word each as before.
 */
function searchTexts(rows: { title: string }[]): string[] {
  const words = new Set(rows.flatMap((r) => r.title.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length >= 4));
  const starts = [...new Set([...words].flatMap((w) => Array.from({ length: w.length - 3 }, (_, i) => w.slice(0, i + 4))))];
  return starts
    .map((x) => [Math.random(), x] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, x]) => x);
}
