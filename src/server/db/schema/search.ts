import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The catalogue's words (product titles, brands, categories, tags), normalised by `search_normalize`,
 * each with how many product titles hold it. Kept by triggers (migration 0003); typed words are
 * corrected against it through a trigram index before the ranked full-text query runs.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull().default(0),
    /** A brand, category, subcategory or tag word: kept even when no title holds it. */
    taxonomy: boolean('taxonomy').notNull().default(false),
  },
  (t) => [
    index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    index('search_words_prefix_idx').on(sql`${t.word} text_pattern_ops`),
  ],
);

/** What people searched (normalised, corrected) and how many products it found; never who searched. */
export const searchQueries = pgTable(
  'search_queries',
  {
    query: text('query').primaryKey(),
    searches: integer('searches').notNull().default(1),
    results: integer('results').notNull().default(0),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_queries_prefix_idx').on(sql`${t.query} text_pattern_ops`)],
);
