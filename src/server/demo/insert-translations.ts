import type { Tx } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { TaxonomyIds } from '@/server/demo/insert-catalog';
import { CATEGORY_NAMES, COLLECTION_NAMES, PRODUCT_TITLES, SUB_CATEGORY_NAMES } from '@/server/demo/data/translations';

type Ids = Map<string, number>;
const LANGS = ['ar', 'fr'] as const;

/** Arabic and French names of every demo category, sub-category and collection, and a few products' titles. */
export async function insertTranslations(tx: Tx, ids: TaxonomyIds, productIds: Ids) {
  const collections = new Map(
    (await tx.select({ id: t.collections.id, slug: t.collections.slug }).from(t.collections)).map((c) => [c.slug, c.id]),
  );
  const names = (kind: t.TranslatedKind, from: Record<string, { ar: string; fr: string }>, idOf: Ids) =>
    Object.entries(from).flatMap(([slug, n]) => {
      const refId = idOf.get(slug);
      return refId === undefined ? [] : LANGS.map((lang) => ({ kind, refId, lang, name: n[lang] }));
    });
  const rows = [
    ...names('category', CATEGORY_NAMES, ids.category),
    ...names('sub_category', SUB_CATEGORY_NAMES, ids.subCategory),
    ...names('collection', COLLECTION_NAMES, collections),
  ];
  if (rows.length) await tx.insert(t.catalogTranslations).values(rows);
  const products = Object.entries(PRODUCT_TITLES).flatMap(([slug, n]) => {
    const productId = productIds.get(slug);
    return productId === undefined ? [] : LANGS.map((lang) => ({ productId, lang, title: n[lang], seoTitle: n[lang] }));
  });
  if (products.length) await tx.insert(t.productTranslations).values(products);
}
