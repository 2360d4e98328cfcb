import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { cardColumns, toCards } from '@/server/catalog/product-card';
import { runningFlashPrices, sortNeedsFlash, variantPrices } from '@/server/catalog/listing-sql';
import type { ListingPage } from '@/server/catalog/listing';
import {
  exactTitle,
  hasFacetChoice,
  relevanceOrder,
  relevanceRank,
  searchConditions,
  sortOrder,
  withoutFacets,
  type SearchFilters,
} from '@/server/search/match-sql';
import { prefixQuery, readWords, wasCorrected } from '@/server/search/words';
import { rememberFor } from '@/server/search/remember';
import { keyedMemo } from '@/server/core/memo';
import { catalogLanguage } from '@/server/i18n/catalog-language';
import { recordSearch } from '@/server/search/history';
import { getListingFacets } from '@/server/catalog/listing-facets';

/** A facet value with how many results it holds (among the first COUNT_CAP matches). */
export interface FacetCount {
  id: number;
  title: string;
  slug: string;
  count: number;
}

/** What the results page and `api/v1/search` show. */
export interface SearchOutcome {
  /** The text as typed (cleaned). */
  q: string;
  /** The text whose results are shown: the typed one, or its correction when the typed one found nothing. */
  searched: string;
  /** True when `searched` is a correction of `q`. */
  corrected: boolean;
  /** A corrected text that finds more than the one shown ("Did you mean …"), else null. */
  did_you_mean: string | null;
  /** The result is a page of the listing shape; `total` stops at COUNT_CAP, and then `total_capped` is true. */
  result: ListingPage & { total_capped: boolean };
  facets: { categories: FacetCount[]; brands: FacetCount[] };
}

/**
 * Counting stops here: a broad word ("char") matches most of a large catalogue, and counting or
 * ranking every match costs hundreds of ms on the embedded database. Pages show "1000+ products".
 */
export const COUNT_CAP = 1000;
/** Relevance ranks the best sellers among the matches, this many; further pages continue by best sellers. */
export const RANKED_CANDIDATES = 200;

type Result = SearchOutcome['result'];
const emptyPage = (f: SearchFilters): Result => ({
  data: [],
  current_page: f.page,
  last_page: 1,
  per_page: f.perPage,
  total: 0,
  total_capped: false,
});

/**
 * Searches active products: words are normalised and corrected against the dictionary, matched as
 * prefixes in the weighted full-text index, filtered like a listing and ranked. Page 1 is recorded
 * (the normalised text and its result count, never who searched) for suggested keywords.
 */
export async function searchProducts(text: string, f: SearchFilters, now = new Date()): Promise<SearchOutcome> {
  const db = getDb();
  const none: SearchOutcome = {
    q: text,
    searched: text,
    corrected: false,
    did_you_mean: null,
    result: emptyPage(f),
    facets: { categories: [], brands: [] },
  };
  if (!text) return none;
  const read = await readWords(db, text);
  if (!read.words.length) return none;
  const typed = await countMatches(db, read.words, f, now);
  let words = read.words;
  let corrected = false;
  let didYouMean: string | null = null;
  let counted = typed;
  if (wasCorrected(read)) {
    const better = await countMatches(db, read.corrected, f, now);
    if (typed.total === 0 && better.total > 0) {
      words = read.corrected;
      corrected = true;
      counted = better;
    } else if (better.total > typed.total) {
      didYouMean = read.corrected.join(' ');
    }
  }
  const searched = corrected ? read.corrected.join(' ') : text;
  const result = await pageOfMatches(db, words, searched, f, counted, now);
  if (f.page === 1) await recordSearch(db, words.join(' '), counted.total);
  return { q: text, searched, corrected, did_you_mean: didYouMean, result, facets: counted.facets };
}

interface Counted {
  total: number;
  capped: boolean;
  facets: SearchOutcome['facets'];
}

/**
 * How many products match (up to COUNT_CAP), and per category and brand (without the facet choices,
 * so a shopper can widen again). Remembered per words and filters for a few seconds.
 */
function countMatches(db: Tx, words: string[], f: SearchFilters, now: Date): Promise<Counted> {
  // The facets' names are in the request's language: kept per language.
  const key = JSON.stringify([words, f.min, f.max, f.rating, f.inStock, f.categoryIds, f.subCategoryIds, f.brandIds, catalogLanguage()]);
  return rememberFor(key, now.getTime(), async () => {
    const query = prefixQuery(words);
    const fp = runningFlashPrices(db, now);
    const vp = variantPrices(db);
    const sample = (where: SQL, needsFlash: boolean) =>
      sql`(select ${products.categoryId} as category_id, ${products.brandId} as brand_id from ${products}
           ${needsFlash ? sql`left join ${fp} on ${eq(fp.productId, products.id)} left join ${vp} on ${eq(vp.productId, products.id)}` : sql``}
           where ${where} limit ${COUNT_CAP + 1}) as sample`;
    const open = searchConditions(query, withoutFacets(f), fp, vp);
    // grouping() tells the total row (3) from the per-category (1) and per-brand (2) rows: a brand
    // row of products without a brand has nulls too.
    const rows = await queryRows<{ category_id: number | null; brand_id: number | null; g: number; n: number }>(
      db,
      sql`select category_id, brand_id, grouping(category_id, brand_id)::int as g, count(*)::int as n from ${sample(open.where, open.needsFlash)}
          group by grouping sets ((category_id), (brand_id), ())`,
    );
    let total = Number(rows.find((r) => Number(r.g) === 3)?.n ?? 0);
    if (hasFacetChoice(f)) {
      const chosen = searchConditions(query, f, fp, vp);
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sample(chosen.where, chosen.needsFlash)}`);
      total = Number(row?.n ?? 0);
    }
    const byCategory = rows.filter((r) => Number(r.g) === 1).map((r) => ({ id: Number(r.category_id), n: Number(r.n) }));
    const byBrand = rows.filter((r) => Number(r.g) === 2 && r.brand_id !== null).map((r) => ({ id: Number(r.brand_id), n: Number(r.n) }));
    return { total: Math.min(total, COUNT_CAP), capped: total > COUNT_CAP, facets: await nameFacets(byCategory, byBrand) };
  });
}

const FACET_LIMIT = 12;

/** Names of the counted categories and brands, from the per-process lists every listing uses. */
async function nameFacets(byCategory: { id: number; n: number }[], byBrand: { id: number; n: number }[]): Promise<SearchOutcome['facets']> {
  const { all_categories, brands } = await getListingFacets();
  const named = (list: { id: number; n: number }[], known: { id: number; title: string; slug: string }[]): FacetCount[] => {
    const byId = new Map(known.map((k) => [k.id, k]));
    return list
      .sort((a, b) => b.n - a.n || a.id - b.id)
      .flatMap((x) => {
        const k = byId.get(x.id);
        return k ? [{ id: x.id, title: k.title, slug: k.slug, count: x.n }] : [];
      })
      .slice(0, FACET_LIMIT);
  };
  return { categories: named(byCategory, all_categories), brands: named(byBrand, brands) };
}

/**
 * One page of matches as cards. Relevance: the RANKED_CANDIDATES best sellers among the matches are
 * ranked by relevance, and pages past them continue with the other matches by best sellers (the
 * same order the candidates were taken in, so nothing repeats or goes missing).
 */
async function pageOfMatches(db: Tx, words: string[], text: string, f: SearchFilters, counted: Counted, now: Date): Promise<Result> {
  if (counted.total === 0) return emptyPage(f);
  const query = prefixQuery(words);
  const fp = runningFlashPrices(db, now);
  const vp = variantPrices(db);
  const { where, needsFlash } = searchConditions(query, f, fp, vp);
  const joinFlash = needsFlash || (f.sort !== 'relevance' && sortNeedsFlash(f.sort));
  const cards = () => {
    const q = db.select(cardColumns).from(products);
    return (joinFlash ? q.leftJoin(fp, eq(fp.productId, products.id)).leftJoin(vp, eq(vp.productId, products.id)) : q)
      .where(where)
      .orderBy(...sortOrder(f, fp, vp));
  };
  const offset = (f.page - 1) * f.perPage;
  if (f.sort !== 'relevance' || offset >= RANKED_CANDIDATES) {
    return pageOf(db, await cards().limit(f.perPage).offset(offset), f, counted);
  }
  const pageSize = Math.min(f.perPage, RANKED_CANDIDATES - offset);
  const ranked =
    !joinFlash && (!counted.capped || (await fewEnoughToTakeAll(db, query, now)))
      ? await db
          .select(cardColumns)
          .from(products)
          .where(inArray(products.id, bestSellersOfAllMatches(where)))
          .orderBy(...relevanceOrder(query, text))
          .limit(pageSize)
          .offset(offset)
      : await rankedWhileWalking(db, { where, joinFlash, fp, vp, f, query, text, pageSize, offset });
  // A page that reaches past the ranked candidates continues with the next best sellers.
  const missing = f.perPage - ranked.length;
  const rest = missing > 0 && ranked.length === RANKED_CANDIDATES - offset ? await cards().limit(missing).offset(RANKED_CANDIDATES) : [];
  return pageOf(db, [...ranked, ...rest], f, counted);
}

/**
 * One page of the ranked candidates when they are found by walking the best sellers (a broad word, or a price filter):
 * the walk reads each candidate's row anyway, so it gives the card's columns and the relevance with it, and the
 * candidates are ranked as they come — where reading them again by id cost 200 more look-ups (at 100,000 products a
 * broad word's page 15–24 → 13–14 ms in the database). The same order as relevanceOrder.
 */
async function rankedWhileWalking(
  db: Tx,
  walkOf: {
    /** The search's conditions, and the price joins they (or the sort) read: the caller's, built once per page. */
    where: SQL;
    joinFlash: boolean;
    fp: ReturnType<typeof runningFlashPrices>;
    vp: ReturnType<typeof variantPrices>;
    f: SearchFilters;
    query: SQL;
    text: string;
    pageSize: number;
    offset: number;
  },
) {
  const { where, joinFlash, fp, vp, f, query, text, pageSize, offset } = walkOf;
  const { title, ...plain } = cardColumns;
  const walk = db
    .select({
      ...plain,
      title: sql<string>`${title}`.as('title'),
      sold: products.soldCount,
      viewed: products.viewCount,
      exact: sql<boolean>`${exactTitle(text)}`.as('exact'),
      rank: sql<number>`${relevanceRank(query)}`.as('rank'),
    })
    .from(products);
  const c = (joinFlash ? walk.leftJoin(fp, eq(fp.productId, products.id)).leftJoin(vp, eq(vp.productId, products.id)) : walk)
    .where(where)
    .orderBy(...sortOrder(f, fp, vp))
    .limit(RANKED_CANDIDATES)
    .as('candidates');
  return db
    .select({
      id: c.id,
      slug: c.slug,
      title: c.title,
      image: c.image,
      selling: c.selling,
      offered: c.offered,
      rating: c.rating,
      reviewCount: c.reviewCount,
      stock: c.stock,
    })
    .from(c)
    .orderBy(sql`${c.exact} desc`, sql`${c.rank} desc`, sql`${c.sold} desc`, sql`${c.viewed} desc`, sql`${c.id} desc`)
    .limit(pageSize)
    .offset(offset);
}

/**
 * The RANKED_CANDIDATES best sellers among the matches, found from every match the search index gives (`offset 0`
 * keeps the planner from walking the best sellers instead), ordered as popularityOrder orders them. The same rows
 * as walking the best sellers and checking each one's search document, which is what the planner does given the
 * limit: cheap for a broad word, but a word matching 3,000 of 100,000 products checks about 6,000 documents, each
 * unpacked from its compressed column (99 ms, against 13.5 ms taking the 3,000 from the index).
 */
export const bestSellersOfAllMatches = (where: SQL): SQL =>
  sql`(select id from (select ${products.id} as id, ${products.soldCount} as sold, ${products.viewCount} as viewed
      from ${products} where ${where} offset 0) as matches
      order by sold desc, viewed desc, id desc limit ${RANKED_CANDIDATES})`;

/**
 * Whether taking every match beats walking the best sellers: a walk checks about RANKED_CANDIDATES × products ÷
 * matches documents, each costing about as much as four matches taken from the index (measured at 100,000
 * products), so every match is taken up to √(4 × RANKED_CANDIDATES × products) of them — by the planner's
 * estimate of the products the words match (EXPLAIN, not run; the filters only make the matches fewer) and the
 * table's size (its statistics, kept a minute).
 */
export async function fewEnoughToTakeAll(db: Tx, query: SQL, now: Date): Promise<boolean> {
  const [plan, size] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`explain (format json) select 1 from ${products} where ${products.searchVector} @@ (${query})`,
    ),
    catalogueSize.get('products', now.getTime(), async () => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select greatest(reltuples, 0)::float8 as n from pg_class where relname = 'products'`,
      );
      return Number(row?.n ?? 0);
    }),
  ]);
  const estimate = planRows(Object.values(plan[0] ?? {})[0]);
  return estimate !== null && estimate <= Math.sqrt(4 * RANKED_CANDIDATES * size);
}

const catalogueSize = keyedMemo<number>(60_000, 1);

/** The top node's row estimate in EXPLAIN's JSON (parsed or as text, as the driver gives it). */
function planRows(json: unknown): number | null {
  const parsed = typeof json === 'string' ? (JSON.parse(json) as unknown) : json;
  const rows = (parsed as [{ Plan?: { 'Plan Rows'?: unknown } }] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : null;
}

async function pageOf(db: Tx, rows: Parameters<typeof toCards>[1], f: SearchFilters, counted: Counted): Promise<Result> {
  return {
    data: await toCards(db, rows),
    current_page: f.page,
    last_page: Math.max(1, Math.ceil(counted.total / f.perPage)),
    per_page: f.perPage,
    total: counted.total,
    total_capped: counted.capped,
  };
}
