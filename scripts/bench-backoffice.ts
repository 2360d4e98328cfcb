// In-process timings of the back office at scale for `npm run bench` (section `backoffice`): a scratch
// database (DATA_DIR or DATABASE_URL) gets 1,000,000 audit entries and 1,000,000 orders (BENCH_BO_ROWS), then
// the audit log's pages (first, filtered, deep by keyset, CSV-sized) and the home's counts (the operator's, a
// seller's) are timed. Prints p50/p95; never fails the bench.
import { sql } from 'drizzle-orm';
import { getEnv } from '../src/server/core/env';
import { migrateDatabase, openDatabase, queryRows, setDatabase } from '../src/server/db/client';
import { listAudit } from '../src/server/audit/manage';
import { attentionFor } from '../src/server/backoffice/attention';
import { AuditQuerySchema, OrdersQuerySchema } from '../src/lib/schemas/backoffice';
import { countByStatus, getStaffOrder, listOrders } from '../src/server/orders/manage';
import { listCustomers } from '../src/server/customers/manage';
import { CustomersQuerySchema } from '../src/lib/schemas/customers';

const ROWS = Number(process.env.BENCH_BO_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_BO_ROUNDS ?? 30);
/** Shoppers' accounts for the customers list (BENCH_BO_CUSTOMERS, default BENCH_BO_ROWS). */
const CUSTOMERS = Number(process.env.BENCH_BO_CUSTOMERS ?? ROWS);

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
  // Set-based fill (INSERT … SELECT generate_series) in chunks of 100,000 rows, so the embedded database's memory
  // stays bounded. The tables' own triggers (the reports' roll-ups, the orders' version) are off while filling, for
  // every connection of the pool: they would write a report change per order and line (hours at a million); the
  // roll-ups are not what this bench reads. The search's trigram indexes are built once after the fill (a GIN index
  // kept up row by row is the other slow part).
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    console.log(`  filled ${name} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  const FILLED = ['audit_log', 'users', 'orders', 'order_lines'];
  for (const table of FILLED) await db.execute(sql.raw(`alter table ${table} disable trigger user`));
  const trigram = await queryRows<{ name: string; def: string }>(
    db,
    sql`select indexname as name, indexdef as def from pg_indexes where tablename in ('orders', 'users') and indexdef like '%gin_trgm_ops%'`,
  );
  for (const index of trigram) await db.execute(sql.raw(`drop index if exists "${index.name}"`));
  await step('audit entries', async () => {
    for (let done = await count('audit_log'); done < ROWS; done += 100_000) {
      const n = Math.min(100_000, ROWS - done);
      await db.execute(sql`
        insert into audit_log (at, actor_id, actor_email, role, action, entity, entity_id, ip, before, after)
        select now() - (g || ' seconds')::interval, 1 + g % 50, 'staff' || (g % 50) || '@bench.test', 'staff',
               (array['staff.permissions','catalog.prices','orders.status','auth.sign-in'])[1 + g % 4],
               (array['user','product','order','user'])[1 + g % 4], (g % 5000)::text, '127.0.0.1',
               jsonb_build_object('selling', g % 9000), jsonb_build_object('selling', g % 9000 + 100)
        from generate_series(${done + 1}::int, ${done + n}::int) g`);
    }
  });
  // The shoppers first, so each tenth order names its shopper as it is written (no second pass over the orders).
  await step('shoppers', async () => {
    for (let done = await count('users'); done < CUSTOMERS; done += 100_000) {
      const n = Math.min(100_000, CUSTOMERS - done);
      await db.execute(sql`
        insert into users (name, email, phone, status, created_at)
        select 'Shopper ' || g || ' ' || (array['Garcia','Nguyen','Smith','Okafor','Dubois','Haddad'])[1 + g % 6],
               'shopper' || g || '@bench.test', '512' || lpad((g % 10000000)::text, 7, '0'), 1, now() - (g || ' minutes')::interval
        from generate_series(${done + 1}::int, ${done + n}::int) g`);
    }
  });
  const [firstShopper] = await queryRows<{ id: number }>(
    db,
    sql`select min(id)::int as id from users where email like 'shopper%@bench.test'`,
  );
  const shopper0 = (firstShopper?.id ?? 1) - 1;
  await step('orders and their lines', async () => {
    for (let done = await count('orders'); done < ROWS; done += 100_000) {
      const n = Math.min(100_000, ROWS - done);
      // Shopper g is users.id shopper0 + g (one insert of consecutive ids); the order no. B<g> is theirs when g % 10 = 0.
      // A later order has a higher id, as in a shop (the list's newest-first plans rely on it: with ids running
      // backwards in time, "one store, a week" read the whole table backwards on the primary key).
      await db.execute(sql`
        insert into orders (order_no, store_id, user_id, status, payment_status, payment_method, email, tracking_code, subtotal, total,
                            shipping_address, created_at)
        select 'B' || g, case when g % 2 = 0 then ${a}::int else ${b}::int end,
               case when g % 10 = 0 and g <= ${CUSTOMERS} then ${shopper0} + g end,
               (array['delivered','delivered','delivered','shipped','cancelled','confirmed','pending'])[1 + g % 7],
               case when g % 11 = 0 then 0 else 1 end, case when g % 11 = 0 then 7 else 2 end,
               'buyer' || g || '@bench.test', 'BT' || g, 1000 + g % 50000, 1000 + g % 50000,
               jsonb_build_object('name', 'Buyer ' || g, 'phone', '737' || lpad((g % 10000000)::text, 7, '0'), 'country', 'US',
                                  'city', 'Austin', 'zip', '78701', 'address_1', g || ' Main St'),
               now() - ((${ROWS} - g) || ' minutes')::interval
        from generate_series(${done + 1}::int, ${done + n}::int) g`);
      // Two lines an order (2,000,000 rows at a million orders), written from the orders of this chunk.
      await db.execute(sql`
        insert into order_lines (order_id, title, unit_price, quantity, line_total)
        select o.id, 'Bench item ' || k, 500 + k, 1, 500 + k
        from orders o, generate_series(1, 2) k
        where o.order_no in (select 'B' || g from generate_series(${done + 1}::int, ${done + n}::int) g)`);
    }
  });
  await step('trigram indexes again', async () => {
    for (const index of trigram) await db.execute(sql.raw(index.def));
  });
  for (const table of FILLED) await db.execute(sql.raw(`alter table ${table} enable trigger user`));
  await db.execute(sql`analyze`);
  console.log(
    `\nBack office at scale on ${label}: ${(await count('audit_log')).toLocaleString('en')} audit entries, ${(await count('orders')).toLocaleString('en')} orders, ${(await count('users')).toLocaleString('en')} accounts (filled in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
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
  const query = (q: Record<string, string>) => AuditQuerySchema.parse(q);
  const first = await listAudit(query({}));
  let deep = first.next_cursor!;
  for (let i = 0; i < 200; i++) deep = (await listAudit(query({ cursor: deep }))).next_cursor!;
  await time('audit log, first page (25)', () => listAudit(query({})));
  await time('audit log, page 201 by keyset', () => listAudit(query({ cursor: deep })));
  await time('audit log, one entity (product #42)', () => listAudit(query({ entity: 'product', entity_id: '42' })));
  await time('audit log, one person, 100 rows', () => listAudit(query({ actor_id: '7', per_page: '100' })));
  await time('audit log, one action and a week', () =>
    listAudit(query({ action: 'catalog.prices', from: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) })),
  );
  await time('/admin home counts (operator, every store)', () => attentionFor({ kind: 'any' }));
  await time('/seller home counts (one store)', () => attentionFor({ kind: 'own', storeIds: [a!] }));
  // Issue 32: the orders list, its search and one order; the customers list and its search.
  const orders = (q: Record<string, string>) => listOrders(OrdersQuerySchema.parse(q), { kind: 'any' });
  // What /admin/orders reads for one request (orders/queries.ts): the page of orders, then the tabs' counts.
  const screen = async (q: Record<string, string>) => {
    const query = OrdersQuerySchema.parse(q);
    return [await listOrders(query, { kind: 'any' }), await countByStatus(query, { kind: 'any' })];
  };
  const firstOrders = await orders({});
  let deepOrders = firstOrders.next_cursor!;
  for (let i = 0; i < 200; i++) deepOrders = (await orders({ cursor: deepOrders })).next_cursor!;
  const [one] = await queryRows<{ id: number; order_no: string }>(db, sql`select id, order_no from orders order by id desc limit 1`);
  await time('orders list, first page (25)', () => screen({}));
  await time('orders list, page 201 by keyset', () => screen({ cursor: deepOrders }));
  await time('orders list, one status (delivered)', () => screen({ status: 'delivered' }));
  await time('orders list, one store, paid, a week', () =>
    screen({ store_id: String(b), payment_status: '1', from: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) }),
  );
  // A week in the past (from and to): read by date, not back through every newer order.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const back = Math.min(120, Math.floor(ROWS / 1440 / 2));
  await time(`orders list, one store, paid, a week ${back} days back`, () =>
    screen({ store_id: String(b), payment_status: '1', from: day(back), to: day(back - 6) }),
  );
  await time('orders search, an order number', () => screen({ q: one!.order_no }));
  // An order's whole email (exact look-up of lower(email)), a piece of one (trigrams), an account's name and a
  // guest's name on the address; each names an order that exists at any BENCH_BO_ROWS.
  const g = Math.min(123_456, ROWS - 1);
  await time('orders search, a whole email', () => screen({ q: `Buyer${g}@bench.test` }));
  await time('orders search, a piece of an email', () => screen({ q: `buyer${g}@` }));
  await time('orders search, a shopper name', () => screen({ q: 'Shopper 4242 ' }));
  await time('orders search, a guest name (address)', () => screen({ q: `Buyer ${g}` }));
  // Pieces many orders share, as "@gmail" or a common first name would be: the newest orders fill the page.
  await time('orders search, a piece every order has (bench.te)', () => screen({ q: 'bench.te' }));
  await time('orders search, a common name piece (Buyer 99)', () => screen({ q: 'Buyer 99' }));
  // A piece 1 % of the orders share, all of them old (buyer12…, up to order 129,999): the newest orders hold none.
  await time('orders search, a piece of old orders only (buyer12)', () => screen({ q: 'buyer12' }));
  await time('orders search, nothing found', () => screen({ q: 'no-such-order' }));
  await time('one order (/admin/orders/{id})', () => getStaffOrder(one!.id, { kind: 'any' }));
  const customers = (q: Record<string, string>) => listCustomers(CustomersQuerySchema.parse(q));
  await time('customers list, first page (25)', () => customers({}));
  await time('customers search, a name', () => customers({ q: 'Shopper 4242 ' }));
  await time('customers search, an email', () => customers({ q: 'shopper98765@bench.test' }));
  await time('customers search, a phone', () => customers({ q: '5120098765' }));
  await time('customers search, a common surname (Garcia)', () => customers({ q: 'Garcia' }));
  await time('customers, with orders, signed up in a month', () =>
    customers({ orders: 'yes', from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) }),
  );
} finally {
  setDatabase(undefined);
  await database.close();
}
