import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';

/**
 * Fixed-window counters in the `rate_limits` table, so every process of the shop shares them.
 * Each attempt is counted *before* it is tried (one atomic upsert), so concurrent attempts can
 * never slip past the limit: on PostgreSQL the row lock of ON CONFLICT serialises them.
 */
export interface Limit {
  key: string;
  /** Attempts allowed inside one window. */
  max: number;
  windowSeconds: number;
}

export interface Hit {
  count: number;
  /** True when this attempt is over the limit and must be refused. */
  limited: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

const retryAfterOf = (windowStart: Date, windowSeconds: number, now: Date) =>
  Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));

/** Counts one attempt against `limit` and says whether it is over. */
export async function hitLimit(limit: Limit, now = new Date(), db: Tx = getDb()): Promise<Hit> {
  const at = now.toISOString();
  const [row] = await queryRows<{ count: number; window_start: Date | string }>(
    db,
    sql`insert into rate_limits (key, count, created_at) values (${limit.key}, 1, ${at}::timestamptz)
        on conflict (key) do update set
          count = case when rate_limits.created_at <= ${at}::timestamptz - ${limit.windowSeconds}::int * interval '1 second'
                       then 1 else rate_limits.count + 1 end,
          created_at = case when rate_limits.created_at <= ${at}::timestamptz - ${limit.windowSeconds}::int * interval '1 second'
                       then excluded.created_at else rate_limits.created_at end
        returning count, created_at as window_start`,
  );
  // Now and then, drop counters whose windows ended long ago, so the table stays small.
  if (Math.random() < 0.01) await purgeOldLimits(now, db);
  const count = Number(row!.count);
  return { count, limited: count > limit.max, retryAfter: retryAfterOf(new Date(row!.window_start), limit.windowSeconds, now) };
}

/** Deletes counters untouched for a day (every window is far shorter). */
export async function purgeOldLimits(now = new Date(), db: Tx = getDb()): Promise<void> {
  await db.execute(sql`delete from rate_limits where created_at < ${now.toISOString()}::timestamptz - interval '1 day'`);
}

/** Forgets a key (after a success that should clear earlier failures). */
export async function resetLimit(key: string, db: Tx = getDb()): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Gives back one counted attempt (a success that should not use up the budget). */
export async function releaseLimit(key: string, db: Tx = getDb()): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** How long in words, for messages: "15 minutes", "1 minute", "30 seconds". */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The 429 answer: says when to try again (or `instead`, what to do), with a Retry-After header. */
export function throttled(what: string, retryAfter: number, instead?: string): AppError {
  return new AppError({
    code: 'THROTTLED',
    ...waitMessage(what, retryAfter, instead),
    headers: { 'retry-after': String(retryAfter) },
    details: { retry_after: retryAfter },
  });
}

/** "Too many wrong codes. Please try again in 5 minutes." as a key with its values (translated per request). */
function waitMessage(what: string, retryAfter: number, instead?: string) {
  if (instead) return { message: 'errors.throttledInstead', vars: { what, instead } };
  if (retryAfter < 60) return { message: 'errors.throttledSeconds', vars: { what, count: retryAfter } };
  return { message: 'errors.throttledMinutes', vars: { what, count: Math.ceil(retryAfter / 60) } };
}
