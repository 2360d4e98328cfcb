import { sql, type SQL } from 'drizzle-orm';

/** The back office's searches of a piece of text (orders, customers) through pg_trgm's GIN indexes. */

/**
 * A piece's longest run of `min` digits or more, as `%digits%`, when the piece holds more than that; else null.
 * A trigram index reads the whole posting list of every trigram of the pattern when all of them are common:
 * "buyer123456@" or "Shopper 4242" asks for "buy", "sho", "per"… that every row has (0.1 to 0.3 s at a million),
 * while its digits' trigrams are on few rows. Every row holding the piece holds its digits, so the index is asked
 * for them and each row found is then tested against the whole piece (likeRecheck). The price is that test on
 * each row holding the digits: 5 digits are on about one row in 10,000 per place; 3 or 4 on one in 100 to 1,000,
 * worth it only where the piece's other trigrams are sure to be common (an account's name, email and phone, whose
 * words repeat), not where a missing trigram would have ended the look-up at once.
 */
export function indexedLike(q: string, min: number): string | null {
  const run = (q.match(new RegExp(`\\d{${min},}`, 'g')) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  // As many different trigrams as a run of `min` distinct digits ("999999" is one trigram, on thousands of rows).
  const trigrams = new Set(Array.from({ length: Math.max(0, run.length - 2) }, (_, i) => run.slice(i, i + 3)));
  return run && run.length < q.length && trigrams.size >= min - 2 ? `%${run}%` : null;
}

/**
 * `column ilike piece` as the index's look-up for the piece's digits and a test of the whole piece on each row found
 * (`|| ''` keeps that test off the index: as a second index condition its trigrams would be read too).
 */
export function likeRecheck(column: SQL, indexed: string, like: string): SQL {
  return indexed === like ? sql`${column} ilike ${like}` : sql`${column} ilike ${indexed} and (${column} || '') ilike ${like}`;
}
