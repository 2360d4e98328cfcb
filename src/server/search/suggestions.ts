import { and, inArray, sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { popularityOrder, relevanceOrder } from '@/server/search/match-sql';
import { products, searchQueries, tags } from '@/server/db/schema';
import { cardColumns, cardPriceColumns, cardsOf, type ProductCard } from '@/server/catalog/product-card';
import { listCategoryTree } from '@/server/catalog/taxonomy';
import { prefixQuery, readWords, wasCorrected } from '@/server/search/words';
import { prefixOf } from '@/server/search/history';
import { onSale } from '@/server/catalog/on-sale';

/** The popup's answer (the spec's search suggestion response). */
export interface Suggestions {
  product: ProductCard[];
  suggested: { title: string }[];
  category: { id: number; slug: string; title: string; image: string | null }[];
  sub_category: { id: number; slug: string; title: string; image: string | null; category: { id: number; slug: string; title: string } }[];
}

const PRODUCTS = 5;
/** Products, categories and subcategories come from the best few dozen matches, never from every match. */
const CANDIDATES = 40;
const KEYWORDS = 6;
const CATEGORIES = 4;

export const emptySuggestions = (): Suggestions => ({ product: [], suggested: [], category: [], sub_category: [] });

/** Suggested keywords, categories, subcategories and the best products for what is typed so far. */
export async function suggest(text: string): Promise<Suggestions> {
  if (!text) return emptySuggestions();
  const db = getDb();
  const read = await readWords(db, text);
  if (!read.words.length) return emptySuggestions();
  // Three round trips: the words, then the matches (with their cards' prices) beside the keywords.
  let words = read.words;
  let [candidates, keywords] = await Promise.all([bestMatches(db, words, text), suggestKeywords(db, words)]);
  if (!candidates.length && wasCorrected(read)) {
    words = read.corrected;
    [candidates, keywords] = await Promise.all([bestMatches(db, words, words.join(' ')), suggestKeywords(db, words)]);
  }
  const taxonomy = await taxonomyOf(candidates, words);
  return { product: cardsOf(candidates.slice(0, PRODUCTS)), suggested: keywords.map((title) => ({ title })), ...taxonomy };
}

/** The best sellers among the matches, ranked by relevance like the results page, with what a card needs (prices included). */
async function bestMatches(db: Tx, words: string[], text: string) {
  const query = prefixQuery(words);
  const candidates = db
    .select({ id: products.id })
    .from(products)
    .where(and(onSale(), sql`${products.searchVector} @@ (${query})`))
    .orderBy(...popularityOrder())
    .limit(CANDIDATES);
  return db
    .select({ ...cardColumns, ...cardPriceColumns, categoryId: products.categoryId, subCategoryId: products.subCategoryId })
    .from(products)
    .where(inArray(products.id, candidates))
    .orderBy(...relevanceOrder(query, text));
}
type Candidate = Awaited<ReturnType<typeof bestMatches>>[number];

/**
 * Keywords, in one query: past searches that found something and start with the text, tag titles
 * holding the last word, then the text with its last word completed from the dictionary (most common
 * words first).
 */
async function suggestKeywords(db: Tx, words: string[]): Promise<string[]> {
  const text = words.join(' ');
  const last = words[words.length - 1]!;
  const head = words.slice(0, -1).join(' ');
  const rows = await queryRows<{ keyword: string; src: number }>(
    db,
    sql`select keyword, src from (
          (select query as keyword, 1 as src, row_number() over (order by searches desc, last_searched_at desc) as rn
           from ${searchQueries} where ${prefixOf(searchQueries.query, text)} and results > 0 order by rn limit ${KEYWORDS})
          union all
          (select lower(title), 2, row_number() over (order by title) from ${tags}
           where search_normalize(${tags.title}) ~ ${`(^| )${escapeRegex(last)}`} order by 3 limit 3)
          union all
          (select word, 3, row_number() over (order by products desc, length(word), word) from search_words
           where left(word, ${last.length}) = ${last} and (products > 0 or taxonomy) order by 3 limit ${KEYWORDS})
        ) as k order by src, rn`,
  );
  const all = rows.map((r) => (Number(r.src) === 3 && head ? `${head} ${r.keyword}` : r.keyword));
  // The text itself is no suggestion.
  return [...new Set(all)].filter((k) => k !== text).slice(0, KEYWORDS);
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Categories and subcategories of the best matches (most frequent first), and those whose names hold a word. */
async function taxonomyOf(candidates: Candidate[], words: string[]): Promise<Pick<Suggestions, 'category' | 'sub_category'>> {
  const tree = await listCategoryTree();
  const tally = (ids: (number | null)[]) => {
    const n = new Map<number, number>();
    for (const id of ids) if (id !== null) n.set(id, (n.get(id) ?? 0) + 1);
    return n;
  };
  const catCount = tally(candidates.map((c) => c.categoryId));
  const subCount = tally(candidates.map((c) => c.subCategoryId));
  const named = (title: string) =>
    words.some(
      (w) =>
        w.length >= 3 &&
        title
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .some((t) => t.startsWith(w)),
    );
  const score = (count: number, title: string) => count + (named(title) ? 1000 : 0);
  const category = tree
    .filter((c) => catCount.has(c.id) || named(c.title))
    .sort((a, b) => score(catCount.get(b.id) ?? 0, b.title) - score(catCount.get(a.id) ?? 0, a.title))
    .slice(0, CATEGORIES)
    .map((c) => ({ id: c.id, slug: c.slug, title: c.title, image: c.image }));
  const subs = tree.flatMap((c) => c.child.map((s) => ({ s, c })));
  const sub_category = subs
    .filter(({ s }) => subCount.has(s.id) || named(s.title))
    .sort((a, b) => score(subCount.get(b.s.id) ?? 0, b.s.title) - score(subCount.get(a.s.id) ?? 0, a.s.title))
    .slice(0, CATEGORIES)
    .map(({ s, c }) => ({ id: s.id, slug: s.slug, title: s.title, image: s.image, category: { id: c.id, slug: c.slug, title: c.title } }));
  return { category, sub_category };
}
