import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '@/server/db/client';
import { searchQueries } from '@/server/db/schema';

const MAX_STORED_CHARS = 100;

/** Counts a search (its normalised text and how many products it found); never who searched. */
export async function recordSearch(db: Tx, normalised: string, results: number): Promise<void> {
  const query = normalised.slice(0, MAX_STORED_CHARS).trim();
  if (!query) return;
  await db
    .insert(searchQueries)
    .values({ query, results })
    .onConflictDoUpdate({
      target: searchQueries.query,
      set: { searches: sql`${searchQueries.searches} + 1`, results, lastSearchedAt: sql`now()` },
    });
}

/** `column` starts with prefix, as a range the column's text_pattern_ops index serves (~>=~, ~<~), whatever the collation. */
export const prefixOf = (column: SQL | AnyPgColumn, prefix: string) =>
  sql`${column} ~>=~ ${prefix} and ${column} ~<~ ${nextPrefix(prefix)}`;

/** Past searches that found something and start with this normalised text, most searched first. */
export async function pastSearchesStartingWith(db: Tx, prefix: string, limit: number): Promise<string[]> {
  if (!prefix) return [];
  const rows = await queryRows<{ query: string }>(
    db,
    sql`select query from ${searchQueries} where ${prefixOf(searchQueries.query, prefix)} and results > 0
        order by searches desc, last_searched_at desc limit ${limit}`,
  );
  return rows.map((r) => r.query);
}

/** The smallest text after every text starting with prefix ("cab" → "cac"). */
function nextPrefix(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  return chars.join('') + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
}
