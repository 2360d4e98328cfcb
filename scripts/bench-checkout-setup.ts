// Buyers for the checkout bench (scripts/bench-checkout.mjs), written straight into the database the
// server will use, before it starts (PGlite has one owner): `count` accounts, each with an address, a
// session and one unit of one product checked in its cart; the product gets stock for all of them.
// Usage: tsx scripts/bench-checkout-setup.ts <count> <out.json>  (DATA_DIR or DATABASE_URL says where)
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows } from '../src/server/db/client';
import { seedDemoIfEmpty } from '../src/server/demo';

const count = Number(process.argv[2] ?? 2000);
const out = process.argv[3] ?? 'bench-buyers.json';
const tag = `b${Date.now().toString(36)}`;

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR, pool: 2 });
try {
  await migrateDatabase(database);
  const db = database.db;
  await seedDemoIfEmpty(db);
  const [product] = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p where p.status = 1 and not exists (select 1 from inventories i where i.product_id = p.id) order by p.id limit 1`,
  );
  await db.execute(sql`update products set stock = stock + ${count}, max_per_order = 0 where id = ${product!.id}`);
  await db.execute(
    sql`insert into users (name, email) select 'Bench buyer ' || g, ${tag} || '-' || g || '@bench.example' from generate_series(1, ${count}) g`,
  );
  const buyers = sql`(select id from users where email like ${`${tag}-%`})`;
  await db.execute(sql`insert into addresses (user_id, name, email, phone, country, state, city, zip, address_1)
    select id, 'Bench', 'bench@example.com', '555-123-4567', 'US', 'CA', 'Fresno', '93650', '1 Main St' from ${buyers} b`);
  await db.execute(sql`insert into carts (user_id) select id from ${buyers} b`);
  await db.execute(sql`insert into cart_lines (cart_id, product_id, quantity, selected)
    select c.id, ${product!.id}, 1, 1 from carts c where c.user_id in ${buyers}`);
  await db.execute(sql`insert into sessions (id_hash, user_id, expires_at)
    select encode(sha256(convert_to(${tag} || '-token-' || id, 'UTF8')), 'hex'), id, now() + interval '1 day' from ${buyers} b`);
  const rows = await queryRows<{ user_id: number; address_id: number }>(
    db,
    sql`select a.user_id, a.id as address_id from addresses a where a.user_id in ${buyers} order by a.user_id`,
  );
  const list = rows.map((r) => ({ token: `${tag}-token-${r.user_id}`, address_id: r.address_id }));
  fs.writeFileSync(out, JSON.stringify(list));
} finally {
  await database.close();
}
