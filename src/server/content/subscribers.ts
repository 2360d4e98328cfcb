import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import type { SubscribersQuery } from '@/lib/schemas/moderation';

/** Newsletter subscribers in the back office (issue 34): the list and its CSV. Subscribing is content/newsletter.ts. */

export interface Subscriber {
  id: number;
  email: string;
  /** confirmed (gets the newsletter), pending (has not opened the confirmation link), left (unsubscribed). */
  status: 'confirmed' | 'pending' | 'left';
  subscribed_at: string;
  confirmed_at: string | null;
  left_at: string | null;
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** Subscribers, newest first, by status and email search; keyset pages on the id. */
export async function listSubscribers(
  query: SubscribersQuery,
  db: Tx = getDb(),
): Promise<{ items: Subscriber[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const where: SQL[] = [];
  if (query.status === 'confirmed') where.push(sql`confirmed_at is not null and unsubscribed_at is null`);
  if (query.status === 'pending') where.push(sql`confirmed_at is null and unsubscribed_at is null`);
  if (query.status === 'left') where.push(sql`unsubscribed_at is not null`);
  if (query.q) where.push(sql`email ilike ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (after) where.push(sql`id < ${Number(after[0])}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, email, confirmed_at, unsubscribed_at, created_at from newsletter_subscribers
        where ${where.length ? sql.join(where, sql` and `) : sql`true`} order by id desc limit ${query.per_page + 1}`,
  );
  const items = rows.map((r): Subscriber => ({
    id: Number(r.id),
    email: String(r.email),
    status: r.unsubscribed_at ? 'left' : r.confirmed_at ? 'confirmed' : 'pending',
    subscribed_at: iso(r.created_at)!,
    confirmed_at: iso(r.confirmed_at),
    left_at: iso(r.unsubscribed_at),
  }));
  return pageOf(items, query.per_page, (s) => [s.id]);
}

/** Every subscriber the filters match, page by page (the CSV export streams them). */
export async function* eachSubscriber(query: SubscribersQuery): AsyncGenerator<Subscriber> {
  let cursor = '';
  for (;;) {
    const page = await listSubscribers({ ...query, cursor, per_page: 100 });
    yield* page.items;
    if (!page.next_cursor) return;
    cursor = page.next_cursor;
  }
}

export const SUBSCRIBER_CSV_COLUMNS = ['email', 'status', 'subscribed_at', 'confirmed_at', 'left_at'] as const;

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, return) is kept as text. */
export const csvSafe = (value: string | null): string => (value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? ''));

/** How many subscribers get the next newsletter (confirmed, not left), read with `db`. */
export async function confirmedSubscribers(db: Tx = getDb()): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from newsletter_subscribers where confirmed_at is not null and unsubscribed_at is null`,
  );
  return row?.n ?? 0;
}
