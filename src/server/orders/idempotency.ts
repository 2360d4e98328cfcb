import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { runAfterAnswer } from '@/server/core/background';

/**
 * Claims (user, key) inside the order's transaction. A submit that finds the key taken gets the first
 * answer back. On PostgreSQL a concurrent insert of the same key waits on the primary key until the
 * first transaction ends: committed → this one reads its answer; rolled back (out of stock…) → this
 * one claims the key and tries itself. Returns null when the key is ours now.
 */
export async function claimKey<T>(tx: Tx, userId: number, key: string): Promise<{ response: T | null } | null> {
  const mine = await queryRows<{ key: string }>(
    tx,
    sql`insert into idempotency_keys (user_id, key) values (${userId}, ${key}) on conflict do nothing returning key`,
  );
  if (mine.length) {
    // Now and then an order clears away keys no retry will ever bring again.
    if (Math.random() < PURGE_CHANCE) runAfterAnswer('purge old idempotency keys', () => purgeOldKeys());
    return null;
  }
  const [row] = await queryRows<{ response: T | null }>(
    tx,
    sql`select response from idempotency_keys where user_id = ${userId} and key = ${key}`,
  );
  return { response: row?.response ?? null };
}

/** Remembers the answer given for a claimed key. */
export async function rememberAnswer(tx: Tx, userId: number, key: string, orderNo: string, response: unknown): Promise<void> {
  await tx.execute(
    sql`update idempotency_keys set order_no = ${orderNo}, response = ${JSON.stringify(response)}::jsonb where user_id = ${userId} and key = ${key}`,
  );
}

/** A retried submit comes back within minutes; its key is kept a week, then purged by one order in a hundred. */
const KEEP_DAYS = 7;
const PURGE_CHANCE = 0.01;

/** Deletes keys (and the answers kept with them) older than a week. */
export async function purgeOldKeys(now = new Date(), db: Tx = getDb()): Promise<void> {
  await db.execute(
    sql`delete from idempotency_keys where created_at < ${now.toISOString()}::timestamptz - ${KEEP_DAYS}::int * interval '1 day'`,
  );
}
