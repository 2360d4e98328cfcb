import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { bestSellersOfAllMatches, COUNT_CAP, fewEnoughToTakeAll, RANKED_CANDIDATES, searchProducts } from '@/server/search/results';
import { clearSearchCounts } from '@/server/search/remember';
import { popularityOrder, searchConditions, type SearchFilters } from '@/server/search/match-sql';
import { prefixQuery } from '@/server/search/words';
import { runningFlashPrices, variantPrices } from '@/server/catalog/listing-sql';

useTestDatabase({ demo: true });

/**
 * Relevance ranks the RANKED_CANDIDATES best sellers among the matches (search/results.ts). Issue 39: those are taken
 * either by walking the best sellers (a broad word) or from every match the search index gives (a narrower one),
 * chosen by the planner's estimate. Whichever is taken, the pages must be the rule's.
 */
const BROAD = 1400;
const base: SearchFilters = { sort: 'relevance', page: 1, perPage: 20 };
const whereOf = (word: string) => {
  const db = getDb();
  return searchConditions(prefixQuery([word]), base, runningFlashPrices(db, new Date()), variantPrices(db)).where;
};

beforeAll(async () => {
  const db = getDb();
  const [store] = await db.select({ id: t.stores.id }).from(t.stores).limit(1);
  const [cat] = await db.select({ id: t.categories.id }).from(t.categories).limit(1);
  // Every product says "zqbroad"; one in 23 says "zqnarrow" too; sales and views spread with ties, so the order's
  // last key (the id) decides some places; one title is exactly "Zqbroad".
  await db.execute(sql`insert into products (slug, title, store_id, category_id, selling, stock, sold_count, view_count)
    select 'zq-' || g, case when g = 21 then 'Zqbroad' when g % 23 = 0 then 'Zqbroad zqnarrow item ' || g else 'Zqbroad item ' || g end,
      ${store!.id}, ${cat!.id}, 1000, 1, (g * 7919) % 50, (g * 31) % 7
    from generate_series(1, ${BROAD}) g`);
  await db.execute(sql`analyze products`);
}, 120_000);

/** The rule, written out: the best sellers among the matches, ranked; then the other matches by best sellers. */
async function expectedOrder(word: string): Promise<number[]> {
  const q = sql`to_tsquery('english', ${`'${word}'`} || ':*')`;
  const rows = await queryRows<{ id: number }>(
    getDb(),
    sql`with matches as (select id, title, search_vector, sold_count, view_count,
          row_number() over (order by sold_count desc, view_count desc, id desc) as place
        from products where search_vector @@ ${q} and status = 1)
      select id from matches order by place > ${RANKED_CANDIDATES},
        case when place <= ${RANKED_CANDIDATES} then lower(title) = ${word} end desc,
        case when place <= ${RANKED_CANDIDATES} then ts_rank(search_vector, ${q}, 1) end desc, place`,
  );
  return rows.map((r) => Number(r.id));
}

async function pages(word: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= count; page++) {
    clearSearchCounts();
    ids.push(...(await searchProducts(word, { ...base, page })).result.data.map((p) => p.id));
  }
  return ids;
}

describe('relevance among many matches', () => {
  it('takes the same best sellers from the index as by walking them, for a broad word and a narrow one', async () => {
    for (const word of ['zqbroad', 'zqnarrow']) {
      const where = whereOf(word);
      const db = getDb();
      const walked = await db
        .select({ id: t.products.id })
        .from(t.products)
        .where(where)
        .orderBy(...popularityOrder())
        .limit(RANKED_CANDIDATES);
      const taken = await queryRows<{ id: number }>(db, bestSellersOfAllMatches(where));
      expect(
        taken.map((r) => Number(r.id)),
        word,
      ).toEqual(walked.map((r) => r.id));
      expect(taken.length, word).toBe(word === 'zqbroad' ? RANKED_CANDIDATES : Math.floor(BROAD / 23));
    }
  });

  it('walks for a word most products match and takes from the index a word few match', async () => {
    expect(await fewEnoughToTakeAll(getDb(), prefixQuery(['zqbroad']), new Date())).toBe(false);
    expect(await fewEnoughToTakeAll(getDb(), prefixQuery(['zqnarrow']), new Date())).toBe(true);
  });

  it("gives the rule's pages for a word matching more than the count shows, and for a narrow one", async () => {
    const broad = await expectedOrder('zqbroad');
    expect(broad.length).toBe(BROAD);
    const first = await searchProducts('zqbroad', base);
    expect(first.result).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(first.result.data[0]?.title).toBe('Zqbroad');
    // Past the ranked candidates, into the best sellers that follow them.
    const shown = await pages('zqbroad', RANKED_CANDIDATES / base.perPage + 2);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toEqual(broad.slice(0, shown.length));
    const narrow = await expectedOrder('zqnarrow');
    expect(await pages('zqnarrow', 4)).toEqual(narrow);
  });

  it('ranks the same pages when a price filter makes it walk the best sellers with the prices joined', async () => {
    const broad = await expectedOrder('zqbroad');
    const filtered: number[] = [];
    for (const page of [1, 2, RANKED_CANDIDATES / base.perPage + 1]) {
      clearSearchCounts();
      filtered.push(...(await searchProducts('zqbroad', { ...base, page, max: 100_000 })).result.data.map((p) => p.id));
    }
    const n = base.perPage;
    expect(filtered).toEqual([...broad.slice(0, 2 * n), ...broad.slice(RANKED_CANDIDATES, RANKED_CANDIDATES + n)]);
  });
});
