import { and, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { SECTIONS, type Catalog, type Section } from '@/server/ops/catalog-rows';
import type { RawRow } from '@/server/ops/catalog-files';

/** Some rows are wrong: nothing was written. Each problem names its row ("products.csv line 7: selling: …"). */
export class CatalogImportError extends Error {
  override name = 'CatalogImportError';
  constructor(readonly problems: string[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported:\n${problems.join('\n')}`);
  }
}

/** How many rows of each section were written. */
export type ImportCounts = Record<Section, number>;

const KEY: { [S in Section]: (row: Catalog[S][number]) => string } = {
  categories: (r) => r.slug,
  sub_categories: (r) => r.slug,
  brands: (r) => r.slug,
  stores: (r) => r.slug,
  products: (r) => r.slug,
  variants: (r) => `${r.product} ${attributeKey(r.attributes)}`,
};
const attributeKey = (a: Record<string, string>) =>
  Object.entries(a)
    .map(([k, v]) => `${k.toLowerCase()}=${v.toLowerCase()}`)
    .sort()
    .join('|');

/** Validates every row (fields, duplicates, references to rows in the file or the shop); returns the rows or every problem. */
export async function checkCatalog(db: Tx, raw: RawRow[]): Promise<Catalog> {
  const catalog: Catalog = { categories: [], sub_categories: [], brands: [], stores: [], products: [], variants: [] };
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const where = new Map<object, string>();
  for (const row of raw) {
    const parsed = SECTIONS[row.section].safeParse(row.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${row.where}: ${issue.path.join('.') || 'row'}: ${issue.message}`);
      continue;
    }
    const key = `${row.section} ${(KEY[row.section] as (r: unknown) => string)(parsed.data)}`;
    const first = seen.get(key);
    if (first) {
      problems.push(`${row.where}: the same ${row.section === 'variants' ? 'product and attributes' : 'slug'} as ${first}`);
      continue;
    }
    seen.set(key, row.where);
    (catalog[row.section] as unknown[]).push(parsed.data);
    where.set(parsed.data as object, row.where);
  }
  const known = async (section: 'categories' | 'sub_categories' | 'brands' | 'stores' | 'products') => {
    const table = { categories: t.categories, sub_categories: t.subCategories, brands: t.brands, stores: t.stores, products: t.products }[
      section
    ];
    const inShop = await db.select({ slug: table.slug }).from(table);
    return new Set([...inShop.map((r) => r.slug), ...catalog[section].map((r) => r.slug)]);
  };
  const check = (row: object, field: string, value: string | null, set: Set<string>, what: string) => {
    if (value !== null && !set.has(value)) problems.push(`${where.get(row)}: ${field}: no ${what} "${value}" in the file or the shop`);
  };
  const [categories, subCategories, brands, stores, products] = await Promise.all(
    (['categories', 'sub_categories', 'brands', 'stores', 'products'] as const).map(known),
  );
  for (const s of catalog.sub_categories) check(s, 'category', s.category, categories!, 'category');
  for (const p of catalog.products) {
    check(p, 'store', p.store, stores!, 'store');
    check(p, 'category', p.category, categories!, 'category');
    check(p, 'sub_category', p.sub_category, subCategories!, 'sub-category');
    check(p, 'brand', p.brand, brands!, 'brand');
  }
  for (const v of catalog.variants) check(v, 'product', v.product, products!, 'product');
  if (problems.length) throw new CatalogImportError(problems);
  return catalog;
}

/**
 * Imports a catalogue in one transaction: every row is checked first, and any problem writes nothing.
 * Rows are matched by slug (variants by product and attributes), so importing the same file twice
 * changes nothing the second time. A product's images are replaced by the file's; when the file has a
 * variants section, each product in the file keeps exactly the variants listed for it.
 */
export async function importCatalog(db: Db, raw: RawRow[], present: Set<Section>): Promise<ImportCounts> {
  return db.transaction(async (tx) => storeCatalog(tx, await checkCatalog(tx, raw), present));
}

/**
 * Writes a checked catalogue (checkCatalog) in the caller's transaction: the command line's import and the back
 * office's (catalog/import-manage.ts) share it.
 */
export async function storeCatalog(tx: Tx, catalog: Catalog, present: Set<Section>): Promise<ImportCounts> {
  // Rows are keyed by column name, as in the file; text the file leaves empty is stored as ''.
  await upsert(tx, t.categories, catalog.categories);
  await upsert(tx, t.brands, catalog.brands);
  await upsert(
    tx,
    t.stores,
    catalog.stores.map((s) => ({ ...s, description: s.description ?? '' })),
  );
  const categoryId = await slugIds(tx, t.categories);
  await upsert(
    tx,
    t.subCategories,
    catalog.sub_categories.map(({ category, ...s }) => ({ ...s, category_id: categoryId(category) })),
  );
  const [subCategoryId, brandId, storeId] = await Promise.all([slugIds(tx, t.subCategories), slugIds(tx, t.brands), slugIds(tx, t.stores)]);
  await upsert(
    tx,
    t.products,
    catalog.products.map(({ store, category, sub_category, brand, images: _images, description, overview, ...p }) => ({
      ...p,
      store_id: storeId(store),
      category_id: categoryId(category),
      sub_category_id: sub_category ? subCategoryId(sub_category) : null,
      brand_id: brand ? brandId(brand) : null,
      description: description ?? '',
      overview: overview ?? '',
    })),
  );
  const productId = await slugIds(tx, t.products);
  await replaceImages(tx, catalog, productId);
  if (present.has('variants')) await replaceVariants(tx, catalog, productId);
  return Object.fromEntries(Object.keys(SECTIONS).map((s) => [s, catalog[s as Section].length])) as ImportCounts;
}

type SlugTable = typeof t.categories | typeof t.subCategories | typeof t.brands | typeof t.stores | typeof t.products;

/**
 * Inserts rows (keyed by column name), or updates the row with the same slug when a value differs (an
 * unchanged row is not touched, so a second import of the same file changes nothing, not even
 * products' updated_at).
 */
async function upsert(tx: Tx, table: SlugTable, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
  const columns = Object.keys(rows[0]!).filter((c) => c !== 'slug');
  const set: Record<string, SQL> = Object.fromEntries(columns.map((c) => [keyOf.get(c)!, sql.raw(`excluded.${c}`)]));
  if (table === t.products) set.updatedAt = sql`now()`;
  const mine = sql.raw(`(${columns.map((c) => `"${getTableName(table)}".${c}`).join(', ')})`);
  const theirs = sql.raw(`(${columns.map((c) => `excluded.${c}`).join(', ')})`);
  const values = rows.map((row) => Object.fromEntries(Object.entries(row).map(([c, v]) => [keyOf.get(c)!, v])));
  for (let i = 0; i < values.length; i += 500) {
    await tx
      .insert(table)
      .values(values.slice(i, i + 500) as never)
      .onConflictDoUpdate({ target: table.slug, set, setWhere: sql`${mine} is distinct from ${theirs}` });
  }
}

/** slug → id of every row of the table (validation proved every slug a row refers to exists). */
async function slugIds(tx: Tx, table: SlugTable): Promise<(slug: string) => number> {
  const all = new Map((await tx.select({ id: table.id, slug: table.slug }).from(table)).map((r) => [r.slug, r.id]));
  return (slug) => all.get(slug)!;
}

/** A product's images become the file's list (left alone when it is already the same). */
async function replaceImages(tx: Tx, catalog: Catalog, productId: (slug: string) => number): Promise<void> {
  if (!catalog.products.length) return;
  const ids = catalog.products.map((p) => productId(p.slug));
  const current = new Map<number, string[]>();
  for (const r of await tx
    .select()
    .from(t.productImages)
    .where(inArray(t.productImages.productId, ids))
    .orderBy(t.productImages.position, t.productImages.id))
    current.set(r.productId, [...(current.get(r.productId) ?? []), r.image]);
  const changed = catalog.products.filter((p) => (current.get(productId(p.slug)) ?? []).join('\n') !== p.images.join('\n'));
  if (!changed.length) return;
  await tx.delete(t.productImages).where(
    inArray(
      t.productImages.productId,
      changed.map((p) => productId(p.slug)),
    ),
  );
  const rows = changed.flatMap((p) => p.images.map((image, i) => ({ productId: productId(p.slug), image, position: i + 1 })));
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(t.productImages).values(rows.slice(i, i + 1000));
}

async function replaceVariants(tx: Tx, catalog: Catalog, productId: (slug: string) => number): Promise<void> {
  const products = new Set([...catalog.products.map((p) => productId(p.slug)), ...catalog.variants.map((v) => productId(v.product))]);
  const existing = new Map<string, number>();
  if (products.size) {
    const rows = await tx
      .select({ id: t.inventories.id, productId: t.inventories.productId, name: t.attributes.title, value: t.attributeValues.title })
      .from(t.inventories)
      .leftJoin(t.inventoryAttributes, eq(t.inventoryAttributes.inventoryId, t.inventories.id))
      .leftJoin(t.attributeValues, eq(t.attributeValues.id, t.inventoryAttributes.attributeValueId))
      .leftJoin(t.attributes, eq(t.attributes.id, t.attributeValues.attributeId))
      .where(inArray(t.inventories.productId, [...products]));
    const sets = new Map<number, { productId: number; attributes: Record<string, string> }>();
    for (const r of rows) {
      const v = sets.get(r.id) ?? { productId: r.productId, attributes: {} };
      if (r.name && r.value) v.attributes[r.name] = r.value;
      sets.set(r.id, v);
    }
    for (const [id, v] of sets) existing.set(`${v.productId} ${attributeKey(v.attributes)}`, id);
  }
  const kept = new Set<number>();
  for (const v of catalog.variants) {
    const pid = productId(v.product);
    const id = existing.get(`${pid} ${attributeKey(v.attributes)}`);
    if (id !== undefined) {
      await tx
        .update(t.inventories)
        .set({ sku: v.sku, price: v.price, quantity: v.quantity })
        .where(
          and(
            eq(t.inventories.id, id),
            sql`(${t.inventories.sku}, ${t.inventories.price}, ${t.inventories.quantity}) is distinct from (${v.sku}::text, ${v.price}::int, ${v.quantity}::int)`,
          ),
        );
      kept.add(id);
      continue;
    }
    const [row] = await tx
      .insert(t.inventories)
      .values({ productId: pid, sku: v.sku, price: v.price, quantity: v.quantity })
      .returning({ id: t.inventories.id });
    kept.add(row!.id);
    for (const [name, value] of Object.entries(v.attributes))
      await tx.insert(t.inventoryAttributes).values({ inventoryId: row!.id, attributeValueId: await attributeValueId(tx, name, value) });
  }
  const stale = [...existing.values()].filter((id) => !kept.has(id));
  if (stale.length) await tx.delete(t.inventories).where(inArray(t.inventories.id, stale));
}

async function attributeValueId(tx: Tx, name: string, value: string): Promise<number> {
  const [attribute] = await tx
    .insert(t.attributes)
    .values({ title: name })
    .onConflictDoUpdate({ target: t.attributes.title, set: { title: name } })
    .returning({ id: t.attributes.id });
  const [found] = await tx
    .select({ id: t.attributeValues.id })
    .from(t.attributeValues)
    .where(and(eq(t.attributeValues.attributeId, attribute!.id), eq(t.attributeValues.title, value)))
    .limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(t.attributeValues)
    .values({ attributeId: attribute!.id, title: value })
    .returning({ id: t.attributeValues.id });
  return made!.id;
}
