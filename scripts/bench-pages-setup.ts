// A signed-in shopper for the page bench (scripts/bench.mjs), written straight into the database the
// server will use, before it starts (PGlite has one owner): one account with a session, an address, three lines in
// its cart and two wishlisted products, so its pages carry every personal part (name, cart count, hearts).
// Usage: tsx scripts/bench-pages-setup.ts <out.json>  (DATA_DIR or DATABASE_URL says where)
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows } from '../src/server/db/client';
import { seedDemoIfEmpty } from '../src/server/demo';

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
  const token = `${tag}-token-${user!.id}`;
  await db.execute(sql`insert into sessions (id_hash, user_id, expires_at)
    values (encode(sha256(convert_to(${token}, 'UTF8')), 'hex'), ${user!.id}, now() + interval '1 day')`);
  fs.writeFileSync(out, JSON.stringify({ token }));
} finally {
  await database.close();
}
