import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import {
  brands,
  catalogTranslations,
  categories,
  collections,
  productSpecs,
  productTranslations,
  products,
  subCategories,
} from '@/server/db/schema';
import type { TranslatedKind } from '@/server/db/schema';
import type { Access } from '@/server/core/action';
import { AppError, notFound } from '@/server/core/errors';
import { forbidden, inScope, storeIdsOf, type Scope } from '@/server/core/policy';
import { parseWith } from '@/server/core/validation';
import { languagesIn } from '@/server/content/pages-manage';
import { descriptionHtml } from '@/server/catalog/manage';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import {
  TranslatedNameSchema,
  type MissingTranslationsQuery,
  type NameTranslationsInput,
  type ProductTranslationInput,
} from '@/lib/schemas/catalog-translations';

/**
 * The editors' side of catalogue translations (issue 33, decision 0033): a product's versions in the shop's other
 * languages beside the default one, the names of categories, sub-categories, brands and collections per language,
 * and what is missing. The storefront's side is translations.ts.
 */

export interface Language {
  code: string;
  name: string;
}

export interface ProductVersion {
  title: string;
  description: string;
  seo_title: string;
  seo_description: string;
  spec_labels: Record<string, string>;
}

export interface ProductTranslationsView {
  id: number;
  default_lang: string;
  /** The shop's languages, the default one first. */
  languages: Language[];
  /** The default language's version (the product's own fields) and its specification labels. */
  base: ProductVersion & { specs: string[] };
  /** Every other language's version; a language without one has empty fields. */
  versions: Record<string, ProductVersion>;
  /** Per other language, which fields have no translation (the storefront shows the default language's). */
  missing: Record<string, string[]>;
}

const EMPTY: ProductVersion = { title: '', description: '', seo_title: '', seo_description: '', spec_labels: {} };

/** Languages of the shop other than the default one; an unknown or default code is a VALIDATION error. */
async function otherLanguage(db: Tx, lang: string): Promise<{ languages: Language[]; defaultLang: string }> {
  const languages = await languagesIn(db);
  const defaultLang = languages[0]!.code;
  if (lang === defaultLang || !languages.some((l) => l.code === lang)) {
    throw new AppError({
      code: 'VALIDATION',
      message: 'catalogI18n.errors.language',
      details: { fields: { lang: 'catalogI18n.errors.language' } },
    });
  }
  return { languages, defaultLang };
}

async function productInScope(db: Tx, id: number, scope: Scope) {
  const [p] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!p || !inScope(scope, p.storeId)) throw notFound('theProduct');
  return p;
}

/** A product in every language, for the editor's side-by-side panel and `GET …/products/{id}/translations`. */
export async function getProductTranslations(id: number, scope: Scope, db: Tx = getDb()): Promise<ProductTranslationsView> {
  const p = await productInScope(db, id, scope);
  const languages = await languagesIn(db);
  const defaultLang = languages[0]!.code;
  const rows = await db.select().from(productTranslations).where(eq(productTranslations.productId, id));
  const specs = await db
    .select({ name: productSpecs.name })
    .from(productSpecs)
    .where(eq(productSpecs.productId, id))
    .orderBy(asc(productSpecs.position), asc(productSpecs.id));
  const specNames = [...new Set(specs.map((s) => s.name))];
  const versions: Record<string, ProductVersion> = {};
  const missing: Record<string, string[]> = {};
  for (const l of languages.slice(1)) {
    const r = rows.find((x) => x.lang === l.code);
    const v: ProductVersion = r
      ? { title: r.title, description: r.description, seo_title: r.seoTitle, seo_description: r.seoDescription, spec_labels: r.specLabels }
      : { ...EMPTY, spec_labels: {} };
    versions[l.code] = v;
    missing[l.code] = [
      ...(!v.title && p.title ? ['title'] : []),
      ...(!v.description && p.description ? ['description'] : []),
      ...(!v.seo_title && p.seoTitle ? ['seo_title'] : []),
      ...(!v.seo_description && p.seoDescription ? ['seo_description'] : []),
      ...(specNames.some((n) => !v.spec_labels[n]) ? ['specs'] : []),
    ];
  }
  return {
    id: p.id,
    default_lang: defaultLang,
    languages,
    base: {
      title: p.title,
      description: p.description,
      seo_title: p.seoTitle,
      seo_description: p.seoDescription,
      spec_labels: {},
      specs: specNames,
    },
    versions,
    missing,
  };
}

/**
 * Saves a product's version in one other language in the caller's transaction; all fields empty removes it. The
 * description goes through the shop's one HTML policy. The search document follows (triggers, migration 0025).
 */
export async function saveProductTranslation(
  input: ProductTranslationInput,
  { scope, tx, audit }: Access,
): Promise<{ id: number; lang: string; removed: boolean }> {
  const p = await productInScope(tx, input.id, scope);
  await otherLanguage(tx, input.lang);
  const [before] = await tx
    .select()
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, p.id), eq(productTranslations.lang, input.lang)))
    .for('update');
  const next = {
    title: input.title,
    description: descriptionHtml(input.description),
    seoTitle: input.seo_title,
    seoDescription: input.seo_description,
    specLabels: input.spec_labels,
  };
  const empty = !next.title && !next.description && !next.seoTitle && !next.seoDescription && !Object.keys(next.specLabels).length;
  if (empty) {
    await tx.delete(productTranslations).where(and(eq(productTranslations.productId, p.id), eq(productTranslations.lang, input.lang)));
  } else {
    await tx
      .insert(productTranslations)
      .values({ productId: p.id, lang: input.lang, ...next })
      .onConflictDoUpdate({ target: [productTranslations.productId, productTranslations.lang], set: { ...next, updatedAt: new Date() } });
  }
  audit({
    entity: 'product',
    entityId: p.id,
    before: before ? { lang: input.lang, title: before.title, seo_title: before.seoTitle, spec_labels: before.specLabels } : null,
    after: empty ? null : { lang: input.lang, title: next.title, seo_title: next.seoTitle, spec_labels: next.specLabels },
  });
  return { id: p.id, lang: input.lang, removed: empty };
}

const TABLES = { category: categories, sub_category: subCategories, brand: brands, collection: collections } as const;

export interface NameTranslationsView {
  kind: TranslatedKind;
  id: number;
  /** The default language's name (the record's own). */
  title: string;
  default_lang: string;
  languages: Language[];
  /** Per other language its name, '' when missing. */
  names: Record<string, string>;
}

/** A category's, sub-category's, brand's or collection's names in every language. */
export async function getNameTranslations(kind: TranslatedKind, id: number, db: Tx = getDb()): Promise<NameTranslationsView> {
  const table = TABLES[kind];
  const [row] = await db.select({ id: table.id, title: table.title }).from(table).where(eq(table.id, id));
  if (!row) throw notFound('item');
  const languages = await languagesIn(db);
  const rows = await db
    .select({ lang: catalogTranslations.lang, name: catalogTranslations.name })
    .from(catalogTranslations)
    .where(and(eq(catalogTranslations.kind, kind), eq(catalogTranslations.refId, id)));
  const names = Object.fromEntries(languages.slice(1).map((l) => [l.code, rows.find((r) => r.lang === l.code)?.name ?? '']));
  return { kind, id, title: row.title, default_lang: languages[0]!.code, languages, names };
}

/**
 * Saves the names of one category, sub-category, brand or collection: a field per other language (`ar`, `fr`);
 * an empty one removes that language's name. Taxonomy is the whole shop's: a seller's scope may not change it.
 */
export async function saveNameTranslations(
  input: NameTranslationsInput,
  { scope, tx, audit }: Access,
): Promise<{ kind: string; id: number }> {
  if (scope.kind !== 'any') throw forbidden();
  const table = TABLES[input.kind];
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, input.id)).for('update');
  if (!row) throw notFound('item');
  const languages = await languagesIn(tx);
  const others = languages.slice(1).map((l) => l.code);
  const where = and(eq(catalogTranslations.kind, input.kind), eq(catalogTranslations.refId, input.id));
  const before = await tx.select({ lang: catalogTranslations.lang, name: catalogTranslations.name }).from(catalogTranslations).where(where);
  const after: Record<string, string> = {};
  for (const lang of others) {
    if (!(lang in input)) continue;
    const name = parseWith(TranslatedNameSchema, input[lang]) as string;
    if (name) {
      after[lang] = name;
      await tx
        .insert(catalogTranslations)
        .values({ kind: input.kind, refId: input.id, lang, name })
        .onConflictDoUpdate({
          target: [catalogTranslations.kind, catalogTranslations.refId, catalogTranslations.lang],
          set: { name, updatedAt: new Date() },
        });
    } else {
      await tx.delete(catalogTranslations).where(and(where, eq(catalogTranslations.lang, lang)));
    }
  }
  audit({
    entity: input.kind,
    entityId: input.id,
    before: Object.fromEntries(before.map((b) => [b.lang, b.name])),
    after,
  });
  return { kind: input.kind, id: input.id };
}

export interface MissingRow {
  kind: 'product' | TranslatedKind;
  id: number;
  title: string;
  /** The languages this item has no name (or, for a product, no title) in. */
  missing: string[];
}

const PER_PAGE = 50;

/**
 * What has no translation, for `/admin/translations`: items of one kind (products by default) lacking a name or
 * title in some other language (or in `lang`), by id, keyset-paged. No count over the catalogue.
 */
export async function listMissingTranslations(
  q: MissingTranslationsQuery,
  scope: Scope,
  db: Tx = getDb(),
): Promise<{ kind: MissingRow['kind']; languages: Language[]; items: MissingRow[]; next_cursor: string | null }> {
  const languages = await languagesIn(db);
  const kind = q.kind || 'product';
  const wanted = languages
    .slice(1)
    .map((l) => l.code)
    .filter((c) => !q.lang || c === q.lang);
  const after = q.cursor ? Number(decodeCursor(q.cursor, 1)?.[0] ?? 0) : 0;
  if (!wanted.length) return { kind, languages, items: [], next_cursor: null };
  const langs = sql`array[${sql.join(
    wanted.map((l) => sql`${l}`),
    sql`, `,
  )}]::text[]`;
  let rows: { id: number; title: string; missing: string[] }[];
  if (kind === 'product') {
    const stores = storeIdsOf(scope);
    if (stores && !stores.length) return { kind, languages, items: [], next_cursor: null };
    const inStores = stores
      ? sql`and p.store_id in (${sql.join(
          stores.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
    rows = await queryRows(
      db,
      sql`select p.id, p.title, m.missing from ${products} p
          cross join lateral (
            select array(select l from unnest(${langs}) l where not exists (
              select 1 from ${productTranslations} t where t.product_id = p.id and t.lang = l and t.title <> '')) as missing
          ) m
          where p.id > ${after} and cardinality(m.missing) > 0
            ${inStores}
          order by p.id limit ${PER_PAGE + 1}`,
    );
  } else {
    if (scope.kind !== 'any') throw forbidden();
    const table = TABLES[kind];
    const items = await db.select({ id: table.id, title: table.title }).from(table).where(gt(table.id, after)).orderBy(asc(table.id));
    const have = await db
      .select({ refId: catalogTranslations.refId, lang: catalogTranslations.lang })
      .from(catalogTranslations)
      .where(eq(catalogTranslations.kind, kind));
    const done = new Set(have.map((h) => `${h.refId}:${h.lang}`));
    rows = items
      .map((i) => ({ ...i, missing: wanted.filter((l) => !done.has(`${i.id}:${l}`)) }))
      .filter((i) => i.missing.length)
      .slice(0, PER_PAGE + 1);
  }
  const page = pageOf(
    rows.map((r) => ({ kind, id: Number(r.id), title: r.title, missing: r.missing })),
    PER_PAGE,
    (r) => [r.id],
  );
  return { kind, languages, ...page };
}
