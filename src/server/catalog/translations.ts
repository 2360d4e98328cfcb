import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { getDb } from '@/server/db/client';
import { catalogTranslations, productTranslations, type TranslatedKind } from '@/server/db/schema';
import { memoFor } from '@/server/core/memo';
import { catalogLanguage } from '@/server/i18n/catalog-language';

/**
 * The storefront's reads of translated catalogue data (issue 33, decision 0033). Every function reads the
 * request's language from `catalogLanguage()`; in the default language they add nothing (no join, no query).
 */

// Qualified by hand, like cardPriceColumns: inside a select list drizzle writes the queried table's columns unqualified.
const productId = sql.raw('"products"."id"');
const productTitle = sql.raw('"products"."title"');

/**
 * `products.title` in the request's language, decided when the query is built: the default language reads the
 * column itself; another reads the translation through the primary key (product_id, lang) inside the same query
 * (an empty or missing translation falls back to the default language's title).
 */
export function localProductTitle(): SQL<string> {
  return sql<string>`${{
    getSQL: () => {
      const lang = catalogLanguage();
      return lang
        ? sql`coalesce((select nullif(pt.title, '') from ${productTranslations} pt where pt.product_id = ${productId} and pt.lang = ${lang}), ${productTitle})`
        : productTitle;
    },
  }}`;
}

/** One product's version in the request's language, or null (the default language, or none written). */
export async function productTranslationFor(db: Tx, id: number) {
  const lang = catalogLanguage();
  if (!lang) return null;
  const [row] = await db
    .select()
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, id), eq(productTranslations.lang, lang)));
  return row ?? null;
}

/** The translated fields over the default language's: an empty translated field keeps the default one. */
export function overProduct<
  T extends { title: string; description: string; seo_title: string; seo_description: string; specs: { name: string; value: string }[] },
>(p: T, t: Awaited<ReturnType<typeof productTranslationFor>>, clean: (html: string) => string): T {
  if (!t) return p;
  return {
    ...p,
    title: t.title || p.title,
    description: t.description ? clean(t.description) : p.description,
    seo_title: t.seoTitle || p.seo_title,
    seo_description: t.seoDescription || p.seo_description,
    specs: p.specs.map((s) => ({ ...s, name: t.specLabels[s.name] || s.name })),
  };
}

/**
 * Every translated name of categories, sub-categories, brands and collections, by `kind:id:lang`. A few hundred
 * rows at most; each process keeps them like the category tree (a change announced empties them at once).
 */
const namesMemo = memoFor(10_000, async () => {
  const rows = await getDb()
    .select({
      kind: catalogTranslations.kind,
      refId: catalogTranslations.refId,
      lang: catalogTranslations.lang,
      name: catalogTranslations.name,
    })
    .from(catalogTranslations);
  return new Map(rows.map((r) => [`${r.kind}:${r.refId}:${r.lang}`, r.name]));
});

export type NameOf = (kind: TranslatedKind, id: number, fallback: string) => string;
const asIs: NameOf = (_kind, _id, fallback) => fallback;

/** A function giving a taxonomy item's name in the request's language (its own name when not translated). */
export async function taxonomyNames(): Promise<NameOf> {
  const lang = catalogLanguage();
  if (!lang) return asIs;
  const names = await namesMemo.get();
  if (!names.size) return asIs;
  return (kind, id, fallback) => names.get(`${kind}:${id}:${lang}`) || fallback;
}

/** `{id, title}` items of one kind with their titles in the request's language. */
export async function localNames<T extends { id: number; title: string }>(kind: TranslatedKind, items: T[]): Promise<T[]> {
  const name = await taxonomyNames();
  if (name === asIs) return items;
  return items.map((i) => ({ ...i, title: name(kind, i.id, i.title) }));
}

/** One item (or null) with its title in the request's language. */
export async function localName<T extends { id: number; title: string }>(
  kind: TranslatedKind,
  item: T | null | undefined,
): Promise<T | null> {
  if (!item) return null;
  return (await localNames(kind, [item]))[0]!;
}
