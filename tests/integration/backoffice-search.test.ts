import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { OrdersQuerySchema } from '@/lib/schemas/backoffice';
import { CustomersQuerySchema } from '@/lib/schemas/customers';
import { countByStatus, listOrders, SEARCH_COUNT_ROWS, type SearchPath } from '@/server/orders/manage';
import { ORDER_STATUSES } from '@/server/orders/transitions';
import { listCustomers } from '@/server/customers/manage';
import { makeOrder, twoStores } from './backoffice-fixtures';

/**
 * The back office's search of orders and customers (issue 32) reads one of two ways — the rows in list order,
 * each tested, or the trigram indexes' ids — and both must find exactly what a plain case-blind substring test
 * finds. The expected rows are worked out here in JavaScript from every row of the table, not by the SQL under test.
 */
useTestDatabase({ demo: true });

const tag = `s${process.pid}${Date.now().toString(36)}`;
let stores: [number, number];

/** An order with this email, this name on its address and, when given, this account. */
async function orderOf(email: string, name: string, userId?: number) {
  const id = await makeOrder(stores[id0++ % 2]!, { email, userId });
  await getDb().execute(
    sql`update orders set shipping_address = jsonb_set(shipping_address, '{name}', to_jsonb(${name}::text)) where id = ${id}`,
  );
  return id;
}
let id0 = 0;

beforeAll(async () => {
  stores = await twoStores();
  const account = async (name: string, email: string, phone: string | null) =>
    (await getDb().insert(users).values({ name, email, phone }).returning({ id: users.id }))[0]!.id;
  const sara = await account('سارة الكعبي', `sara.${tag}@Mail.example`, '971501234567');
  const pierre = await account(`Pierre Dubois${tag}`, `pierre_${tag}@example.fr`, null);
  await account('Under_Score Person', `under.${tag}@example.com`, '5550001111');
  await account('Percent 100% Sure', `pct.${tag}@example.com`, null);
  await orderOf(`Alpha.Start.${tag}@Example.com`, 'Nadia Haddad');
  await orderOf(`mid_dle.${tag}@shop.test`, 'نادية حداد');
  await orderOf(`zeta%end.${tag}@mail.org`, 'Omar 100% Sure');
  await orderOf(`plain.${tag}@gmail.com`, 'Under_Score');
  await orderOf(`another.${tag}@GMAIL.com`, 'Under Score');
  await orderOf(`guest.${tag}@example.com`, 'ALPHA Buyer', sara);
  await orderOf(`guest2.${tag}@example.com`, 'Bea Buyer', pierre);
  await orderOf(`code98765x.${tag}@shop.test`, 'Room 98765 Sales');
  await orderOf(`code98766x.${tag}@shop.test`, 'Room 98766 Sales');
  for (let i = 0; i < 7; i++) await orderOf(`many${i}.${tag}@gmail.com`, `Nadia Many ${i}`);
});

interface OrderFacts {
  id: number;
  order_no: string;
  email: string;
  name: string | null;
  phone: string | null;
  account: string | null;
  account_email: string | null;
}

const lower = (s: string | null | undefined) => (s ?? '').toLowerCase();

/** What the search is meant to find, from every order (orders/manage.ts's contract, in plain JavaScript). */
async function expectedOrders(q: string, dir: 'asc' | 'desc'): Promise<number[]> {
  const rows = await queryRows<OrderFacts>(
    getDb(),
    sql`select o.id, o.order_no, o.email, o.shipping_address->>'name' as name, o.shipping_address->>'phone' as phone,
          u.name || ' ' || u.email || ' ' || coalesce(u.phone, '') as account, u.email as account_email
        from orders o left join users u on u.id = o.user_id`,
  );
  const whole = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q);
  const digits = q.replace(/\D/g, '');
  const piece = lower(q);
  const found = rows.filter((o) =>
    whole
      ? lower(o.email) === piece || (o.account_email !== null && lower(o.account_email) === piece)
      : o.order_no.startsWith(q) ||
        lower(o.email).includes(piece) ||
        lower(o.name).includes(piece) ||
        (o.account !== null && lower(o.account).includes(piece)) ||
        (digits.length >= 6 && (o.phone ?? '').replace(/\D/g, '').includes(digits)),
  );
  return found.map((o) => Number(o.id)).sort((a, b) => (dir === 'asc' ? a - b : b - a));
}

/** Every page of the orders list for this search, read one way, by keyset (a short page, so page 2 and on are read). */
async function allOrderPages(q: string, path: SearchPath, dir: 'asc' | 'desc', perPage = 3): Promise<number[]> {
  const ids: number[] = [];
  let cursor = '';
  for (let page = 0; page < 500; page++) {
    const query = OrdersQuerySchema.parse({ q, dir, per_page: String(perPage), cursor });
    const { items, next_cursor } = await listOrders(query, { kind: 'any' }, getDb(), path);
    ids.push(...items.map((o) => o.id));
    if (!next_cursor) return ids;
    cursor = next_cursor;
  }
  throw new Error('more than 500 pages');
}

const PIECES = [
  'alpha', // the start of an email and of a name, any case
  `dle.${tag}@sh`, // the middle of an email
  '.org', // the end of an email
  'gmail', // a domain many share
  'GMAIL.COM', // case
  'a', // one character
  'نادية', // Arabic, the start of a name
  'حداد', // Arabic, the end of a name
  'الكعبي', // Arabic, an account's name
  '%', // typed literally, not "anything"
  '_', // typed literally, not "one character"
  '100%',
  'r_s', // not "Under Score": the underscore is a character
  'under_score',
  `pierre_${tag}`, // an account's email
  `plain.${tag}@gmail.com`, // a whole email: looked up exactly
  '971501234567', // an account's phone digits
  'zzzz-nothing',
  // Digits inside a piece: the indexes are asked for the digits, each row then tested against the whole piece.
  '98765x',
  'room 98765',
  'oom 9876',
  'e98765x.',
  '100% s',
];

describe('the orders search', () => {
  it('finds exactly what a plain substring test finds, read in list order or through the indexes, page after page', async () => {
    for (const raw of PIECES) {
      const q = OrdersQuerySchema.parse({ q: raw }).q;
      for (const dir of ['desc', 'asc'] as const) {
        const expected = await expectedOrders(q, dir);
        for (const path of ['walk', 'index', 'auto'] as const) {
          expect({ q, dir, path, ids: await allOrderPages(q, path, dir) }).toEqual({ q, dir, path, ids: expected });
        }
      }
    }
    // The fixture is what the pieces are for: each of these finds orders of it.
    expect((await expectedOrders('نادية', 'desc')).length).toBeGreaterThanOrEqual(1);
    expect((await expectedOrders('%', 'desc')).length).toBeGreaterThanOrEqual(1);
    expect((await expectedOrders('gmail', 'desc')).length).toBeGreaterThanOrEqual(9);
  });

  it('keeps the other filters and the keyset page with a search, both ways', async () => {
    for (const path of ['walk', 'index', 'auto'] as const) {
      const first = await listOrders(
        OrdersQuerySchema.parse({ q: 'gmail', per_page: '2', store_id: String(stores[0]) }),
        { kind: 'any' },
        getDb(),
        path,
      );
      expect(first.items.every((o) => o.store_id === stores[0] && o.email.toLowerCase().includes('gmail'))).toBe(true);
      const second = await listOrders(
        OrdersQuerySchema.parse({ q: 'gmail', per_page: '2', store_id: String(stores[0]), cursor: first.next_cursor! }),
        { kind: 'any' },
        getDb(),
        path,
      );
      expect(second.items.length).toBeGreaterThan(0);
      expect(Math.max(...second.items.map((o) => o.id))).toBeLessThan(Math.min(...first.items.map((o) => o.id)));
      // A seller's scope: another store's orders are not found.
      const own = await listOrders(OrdersQuerySchema.parse({ q: 'gmail' }), { kind: 'own', storeIds: [stores[1]] }, getDb(), path);
      expect(own.items.length).toBeGreaterThan(0);
      expect(own.items.every((o) => o.store_id === stores[1])).toBe(true);
    }
  });
});

describe('the customers search', () => {
  it('finds exactly what a plain substring test finds on the name, email and phone, page after page', async () => {
    const everyone = await queryRows<{ id: number; searched: string }>(
      getDb(),
      sql`select id, name || ' ' || email || ' ' || coalesce(phone, '') as searched from users where cardinality(roles) = 0`,
    );
    for (const raw of [...PIECES, 'Dubois', 'pct.', 'example.com', '5550001111']) {
      const q = CustomersQuerySchema.parse({ q: raw }).q;
      const expected = everyone
        .filter((u) => lower(u.searched).includes(lower(q)))
        .map((u) => Number(u.id))
        .sort((a, b) => b - a);
      {
        const ids: number[] = [];
        let cursor = '';
        for (let page = 0; page < 500; page++) {
          const { items, next_cursor } = await listCustomers(CustomersQuerySchema.parse({ q, per_page: '3', cursor }), getDb());
          ids.push(...items.map((u) => u.id));
          if (!next_cursor) break;
          cursor = next_cursor;
        }
        expect({ q, ids }).toEqual({ q, ids: expected });
      }
    }
  });
});

describe("the orders tabs' counts with a search", () => {
  /** What each tab should say for this search (and store), from the rows the plain substring test finds. */
  async function expectedCounts(q: string, storeId?: number): Promise<Record<string, number>> {
    const ids = await expectedOrders(q, 'desc');
    const rows = ids.length
      ? await queryRows<{ status: string; store_id: number }>(
          getDb(),
          sql`select status, store_id from orders where id in ${sql.raw(`(${ids.join(',')})`)}`,
        )
      : [];
    const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
    for (const r of rows) if (storeId === undefined || r.store_id === storeId) counts[r.status]! += 1;
    return counts;
  }
  const shown = (counts: Awaited<ReturnType<typeof countByStatus>>) => Object.fromEntries(ORDER_STATUSES.map((s) => [s, counts[s].count]));

  it('counts by status exactly the orders the search finds, with the other filters', async () => {
    // Statuses spread over the fixture, so each tab has its own figure.
    await getDb().execute(sql`update orders set status = 'confirmed' where email like ${`many_.${tag}%`} and id % 2 = 0`);
    await getDb().execute(sql`update orders set status = 'cancelled' where email like ${`many_.${tag}%`} and id % 3 = 0`);
    for (const raw of ['gmail', 'alpha', 'نادية', '100%', `plain.${tag}@gmail.com`, 'room 98765', 'zzzz-nothing', 'a']) {
      const q = OrdersQuerySchema.parse({ q: raw }).q;
      const counts = await countByStatus(OrdersQuerySchema.parse({ q }), { kind: 'any' });
      expect({ q, counts: shown(counts) }).toEqual({ q, counts: await expectedCounts(q) });
      expect(ORDER_STATUSES.some((s) => counts[s].capped)).toBe(false);
      const inStore = await countByStatus(OrdersQuerySchema.parse({ q, store_id: String(stores[0]) }), { kind: 'any' });
      expect({ q, inStore: shown(inStore) }).toEqual({ q, inStore: await expectedCounts(q, stores[0]) });
    }
    const gmail = await expectedCounts('gmail');
    expect(gmail.confirmed).toBeGreaterThan(0);
    expect(gmail.pending).toBeGreaterThan(0);
  });

  it('counts a short span of days exactly, in one statement, with the store filter', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const mine = await queryRows<{ id: number }>(getDb(), sql`select id from orders where store_id = ${stores[0]} order by id`);
    expect(mine.length).toBeGreaterThanOrEqual(6);
    // Three orders three weeks back (two delivered), one two months back; the rest are from today.
    const [a, b, c, d] = mine.map((r) => r.id);
    await getDb().execute(sql`update orders set created_at = now() - interval '20 days' where id in (${a}, ${b}, ${c})`);
    await getDb().execute(sql`update orders set status = 'delivered' where id in (${a}, ${b})`);
    await getDb().execute(sql`update orders set created_at = now() - interval '60 days', status = 'shipped' where id = ${d}`);
    const rows = await queryRows<{ status: string; age: number }>(
      getDb(),
      sql`select status, extract(day from now() - created_at)::int as age from orders where store_id = ${stores[0]}`,
    );
    const expected = (test: (age: number) => boolean) => {
      const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
      for (const r of rows) if (test(Number(r.age))) counts[r.status]! += 1;
      return counts;
    };
    const count = (q: Record<string, string>) =>
      countByStatus(OrdersQuerySchema.parse({ ...q, store_id: String(stores[0]) }), { kind: 'any' });
    const lastWeek = await count({ from: day(-7) });
    expect(shown(lastWeek)).toEqual(expected((age) => age < 7));
    const threeWeeksBack = await count({ from: day(-30), to: day(-15) });
    expect(shown(threeWeeksBack)).toEqual(expected((age) => age >= 15 && age <= 30));
    expect(threeWeeksBack.delivered).toEqual({ count: 2, capped: false });
    // A span longer than a month is counted per tab, the same figures.
    const twoMonths = await count({ from: day(-90), to: day(-15) });
    expect(shown(twoMonths)).toEqual(expected((age) => age >= 15 && age <= 90));
    expect(twoMonths.shipped.count).toBe(1);
  });

  it('stops counting a piece thousands of orders share, and says "at least"; the list still reads it', async () => {
    const [base] = await queryRows<{ id: number }>(getDb(), sql`select id from orders where email like ${`plain.${tag}%`}`);
    const columns = (
      await queryRows<{ c: string }>(
        getDb(),
        sql`select column_name as c from information_schema.columns
            where table_schema = current_schema() and table_name = 'orders' and column_name <> 'id' and is_generated = 'NEVER'`,
      )
    ).map((r) => r.c);
    const copied = columns.map((c) =>
      c === 'order_no' || c === 'tracking_code' ? `${c} || '-c' || g` : c === 'email' ? `'capmark' || g || '.${tag}@example.com'` : c,
    );
    // The orders' own triggers (the reports' roll-ups, the version) are off for this copy, as in the bench's fill:
    // they are not what is tested, and thousands of roll-up writes took a minute on a busy machine.
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql.raw(
          `insert into orders (${columns.join(', ')}) select ${copied.join(', ')}
           from orders, generate_series(1, ${SEARCH_COUNT_ROWS + 1}) g where id = ${base!.id}`,
        ),
      );
    });
    const counts = await countByStatus(OrdersQuerySchema.parse({ q: 'capmark' }), { kind: 'any' });
    expect(ORDER_STATUSES.every((s) => counts[s].capped)).toBe(true);
    const total = ORDER_STATUSES.reduce((n, s) => n + counts[s].count, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(SEARCH_COUNT_ROWS);
    // A piece few orders share is still counted whole.
    const few = await countByStatus(OrdersQuerySchema.parse({ q: 'gmail' }), { kind: 'any' });
    expect(ORDER_STATUSES.some((s) => few[s].capped)).toBe(false);
    for (const path of ['walk', 'index', 'auto'] as const) {
      const page = await listOrders(OrdersQuerySchema.parse({ q: 'capmark' }), { kind: 'any' }, getDb(), path);
      expect(page.items).toHaveLength(25);
      expect(page.items.every((o) => o.email.startsWith('capmark'))).toBe(true);
    }
  });
});
