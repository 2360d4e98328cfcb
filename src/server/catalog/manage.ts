import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { brands, categories, orderLines, productImages, products, productSlugRedirects, stores, subCategories } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import { inScope, storeIdsOf, type Scope } from '@/server/core/policy';
import type { Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { runAfterAnswer } from '@/server/core/background';
import { changesWait } from '@/server/catalog/approval';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { sanitizeStoredHtml } from '@/server/content/sanitize';
import { removePictures, storePictures, type PreparedPicture } from '@/server/uploads/product-pictures';
import {
  STATUS_CODE,
  statusOfCode,
  type PictureChangeInput,
  type ProductPricesInput,
  type ProductsBulkInput,
  type ProductsQuery,
  type ProductStatus,
  type ProductWriteInput,
} from '@/lib/schemas/product-write';

/**
 * Editors' writes of the catalogue, taking the caller's scope (a seller: their stores' products only; any other
 * is 404). The runner announces `catalog` after the commit, so pages, the API cache and search show the change
 * on every process.
 */
export async function setProductPrices(
  input: ProductPricesInput,
  _actor: Actor,
  { scope, tx, audit }: Access,
): Promise<{ id: number; slug: string; selling: number; offered: number; waiting: boolean }> {
  const [before] = await tx
    .select({
      id: products.id,
      slug: products.slug,
      storeId: products.storeId,
      selling: products.selling,
      offered: products.offered,
      approval: products.approval,
    })
    .from(products)
    .where(eq(products.id, input.id))
    .for('update');
  if (!before || !inScope(scope, before.storeId)) throw notFound('theProduct');
  const prices = await pricesToWrite(tx, scope, before, input);
  await tx
    .update(products)
    .set({ ...prices, updatedAt: new Date() })
    .where(eq(products.id, input.id));
  audit({
    entity: 'product',
    entityId: input.id,
    before: { selling: before.selling, offered: before.offered },
    after: { selling: input.selling, offered: input.offered, ...(prices.pendingSelling != null ? { waiting: true } : {}) },
  });
  return { id: before.id, slug: before.slug, selling: prices.selling, offered: prices.offered, waiting: prices.pendingSelling != null };
}

/**
 * The prices a change writes. While the shop's rule makes sellers' changes wait (catalog/approval.ts), a seller's
 * new price of a live product goes to `pending_*` and the old one stays live; a product not yet live (waiting or
 * refused) takes the price at once. Anyone else's change (the operator) is the price, and drops what waited.
 */
export async function pricesToWrite(
  tx: Tx,
  scope: Scope,
  before: { selling: number; offered: number; approval: string },
  input: { selling: number; offered: number },
): Promise<{
  selling: number;
  offered: number;
  pendingSelling: number | null;
  pendingOffered: number | null;
  approvalRequestedAt?: Date | null;
  approvalReason?: null;
}> {
  const changed = before.selling !== input.selling || before.offered !== input.offered;
  if (before.approval === 'approved' && changed && (await changesWait(tx, scope)))
    return {
      selling: before.selling,
      offered: before.offered,
      pendingSelling: input.selling,
      pendingOffered: input.offered,
      approvalRequestedAt: new Date(),
      approvalReason: null,
    };
  return {
    selling: input.selling,
    offered: input.offered,
    pendingSelling: null,
    pendingOffered: null,
    ...(before.approval === 'approved' ? { approvalRequestedAt: null } : {}),
  };
}

// ————————————————————————————————————————————————————————————————————————————————
// The product editor (issue 33): the list, one product, create and update, pictures and bulk changes.
// ————————————————————————————————————————————————————————————————————————————————

/** A field's refusal with the message the form shows beside it. */
const fieldError = (field: string, message: string) =>
  new AppError({ code: 'VALIDATION', message, details: { fields: { [field]: message } } });

/** The scope as a condition on `p.store_id` (nothing for every store; never true for a seller of no store). */
function inStores(scope: Scope): SQL | null {
  const ids = storeIdsOf(scope);
  if (ids === null) return null;
  return ids.length
    ? sql`p.store_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
}

const andAll = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One row of the products list. */
export interface EditorProductRow {
  id: number;
  slug: string;
  title: string;
  store_id: number;
  store_name: string;
  category: string;
  brand: string | null;
  status: ProductStatus;
  selling: number;
  offered: number;
  stock: number;
  image: string | null;
  updated_at: string;
  /** The operator's approval of a seller's product, and a price change waiting for it (catalog/approval.ts). */
  approval: 'approved' | 'waiting' | 'refused';
  pending_selling: number | null;
}

/** The editors' products list (drafts and archived ones too), in the caller's scope; keyset pages on the id. */
export async function listEditorProducts(
  query: ProductsQuery,
  scope: Scope,
  db: Tx = getDb(),
): Promise<{ items: EditorProductRow[]; next_cursor: string | null }> {
  // Keyset on (sort column, id): the cursor carries the last row's pair, the next page starts after it.
  const sorted = query.sort && query.sort !== 'newest' ? SORT_COLUMNS[query.sort] : null;
  const after = decodeCursor(query.cursor, sorted ? 2 : 1);
  const ascending = query.dir === 'asc';
  const like = `%${escapeLike(query.q)}%`;
  const where = [
    inStores(scope),
    query.store_id !== null ? sql`p.store_id = ${query.store_id}` : null,
    query.category_id !== null ? sql`p.category_id = ${query.category_id}` : null,
    query.brand_id !== null ? sql`p.brand_id = ${query.brand_id}` : null,
    query.status ? sql`p.status = ${STATUS_CODE[query.status]}` : null,
    query.stock === 'out' ? sql`p.stock <= 0` : null,
    query.stock === 'low' ? sql`p.stock > 0 and p.stock <= p.low_stock` : null,
    query.stock === 'in' ? sql`p.stock > 0` : null,
    query.no_picture ? sql`coalesce(p.image, '') = '' and not exists (select 1 from product_images i where i.product_id = p.id)` : null,
    // A slug is letters, digits and hyphens: a search with anything else (a space) cannot be in one, so its index is not read.
    query.q
      ? sql`(p.title ilike ${like}${/^[a-z0-9-]+$/i.test(query.q) ? sql` or p.slug ilike ${like}` : sql``} or p.sku = ${query.q})`
      : null,
    after && sorted
      ? ascending
        ? sql`(${sorted}, p.id) > (${after[0]}, ${after[1]})`
        : sql`(${sorted}, p.id) < (${after[0]}, ${after[1]})`
      : null,
    after && !sorted ? (ascending ? sql`p.id > ${after[0]}` : sql`p.id < ${after[0]}`) : null,
  ].filter((w): w is SQL => w !== null);
  const rows = await queryRows<Omit<EditorProductRow, 'status'> & { status: number }>(
    db,
    sql`select p.id, p.slug, p.title, p.store_id, coalesce(s.name, '') as store_name, coalesce(c.title, '') as category,
          b.title as brand, p.status, p.selling, p.offered, p.stock, p.image, p.updated_at, p.approval, p.pending_selling
        from products p left join stores s on s.id = p.store_id left join categories c on c.id = p.category_id
          left join brands b on b.id = p.brand_id
        where ${andAll(where)}
        order by ${sorted ? sql`${sorted} ${ascending ? sql`asc` : sql`desc`}, ` : sql``}p.id ${ascending ? sql`asc` : sql`desc`}
        limit ${query.per_page + 1}`,
  );
  const items = rows.map((r) => ({
    ...r,
    status: statusOfCode(Number(r.status)),
    selling: Number(r.selling),
    offered: Number(r.offered),
    stock: Number(r.stock),
    updated_at: new Date(r.updated_at).toISOString(),
    pending_selling: r.pending_selling === null ? null : Number(r.pending_selling),
  }));
  const keyOf = (r: EditorProductRow): (string | number)[] =>
    query.sort === 'title'
      ? [r.title, r.id]
      : query.sort === 'price'
        ? [r.selling, r.id]
        : query.sort === 'stock'
          ? [r.stock, r.id]
          : [r.id];
  return pageOf(items, query.per_page, keyOf);
}

/** The list's sorts besides the newest (the id): the column the keyset walks with the id. */
const SORT_COLUMNS: Record<'title' | 'price' | 'stock', SQL> = {
  title: sql`p.title`,
  price: sql`p.selling`,
  stock: sql`p.stock`,
};

/** A picture of a product in the editor. */
export interface EditorPicture {
  id: number;
  url: string;
  alt: string;
  main: boolean;
}

/** One product as the editor shows it (DESIGN.md's contract, plus its pictures and SEO fields). */
export interface EditorProduct {
  id: number;
  slug: string;
  title: string;
  store_id: number;
  category_id: number;
  sub_category_id: number | null;
  brand_id: number | null;
  status: ProductStatus;
  selling: number;
  offered: number;
  stock: number;
  /** Listed on the back office's home at or below this stock (0: only when out of stock). */
  low_stock: number;
  max_per_order: number;
  description: string;
  seo_title: string;
  seo_description: string;
  image: string | null;
  pictures: EditorPicture[];
  /** Former slugs, answered by the storefront with a redirect here. */
  old_slugs: string[];
  has_orders: boolean;
  /** The operator's approval (catalog/approval.ts): approved, waiting (new, not shown) or refused, and why. */
  approval: 'approved' | 'waiting' | 'refused';
  approval_reason: string | null;
  /** A price change waiting for approval (the shop shows `selling`/`offered` meanwhile); null: none. */
  pending_selling: number | null;
  pending_offered: number | null;
}

/** One product in the caller's scope (any status), or 404. */
export async function getEditorProduct(id: number, scope: Scope, db: Tx = getDb()): Promise<EditorProduct> {
  const [p] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!p || !inScope(scope, p.storeId)) throw notFound('theProduct');
  const [pictures, redirects, ordered] = await Promise.all([
    db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position), asc(productImages.id)),
    db.select({ slug: productSlugRedirects.slug }).from(productSlugRedirects).where(eq(productSlugRedirects.productId, id)),
    db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.productId, id)).limit(1),
  ]);
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    store_id: p.storeId,
    category_id: p.categoryId,
    sub_category_id: p.subCategoryId,
    brand_id: p.brandId,
    status: statusOfCode(p.status),
    selling: p.selling,
    offered: p.offered,
    stock: p.stock,
    low_stock: p.lowStock,
    max_per_order: p.maxPerOrder,
    description: p.description,
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    image: p.image,
    pictures: pictures.map((i) => ({ id: i.id, url: i.image, alt: i.alt, main: i.image === p.image })),
    old_slugs: redirects.map((r) => r.slug),
    has_orders: ordered.length > 0,
    approval: p.approval,
    approval_reason: p.approvalReason,
    pending_selling: p.pendingSelling,
    pending_offered: p.pendingOffered,
  };
}

/** What the editor's selects offer: the stores in the caller's scope, every category with its sub-categories, every brand. */
export interface EditorOptions {
  stores: { id: number; name: string }[];
  categories: { id: number; title: string; subs: { id: number; title: string }[] }[];
  brands: { id: number; title: string }[];
}

export async function getEditorOptions(scope: Scope, db: Tx = getDb()): Promise<EditorOptions> {
  const ids = storeIdsOf(scope);
  const [storeRows, cats, subs, brandRows] = await Promise.all([
    ids === null
      ? db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name))
      : ids.length
        ? db
            .select({ id: stores.id, name: stores.name })
            .from(stores)
            .where(inArray(stores.id, [...ids]))
            .orderBy(asc(stores.name))
        : Promise.resolve([]),
    db.select({ id: categories.id, title: categories.title }).from(categories).orderBy(asc(categories.position), asc(categories.title)),
    db
      .select({ id: subCategories.id, title: subCategories.title, categoryId: subCategories.categoryId })
      .from(subCategories)
      .orderBy(asc(subCategories.position), asc(subCategories.title)),
    db.select({ id: brands.id, title: brands.title }).from(brands).orderBy(asc(brands.title)),
  ]);
  return {
    stores: storeRows,
    categories: cats.map((c) => ({ ...c, subs: subs.filter((s) => s.categoryId === c.id).map(({ id, title }) => ({ id, title })) })),
    brands: brandRows,
  };
}

/** "USB-C Charger 65 W" → "usb-c-charger-65-w" (letters and digits of any script kept as ASCII where they can be). */
export function slugify(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return s || 'product';
}

/** Whether a slug names another product (its current slug, or a former one that still redirects to it). */
async function slugTaken(tx: Tx, slug: string, self: number | null): Promise<boolean> {
  const [current] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1);
  if (current && current.id !== self) return true;
  const [former] = await tx
    .select({ id: productSlugRedirects.productId })
    .from(productSlugRedirects)
    .where(eq(productSlugRedirects.slug, slug))
    .limit(1);
  return Boolean(former && former.id !== self);
}

/** The product's slug: the one typed (refused when another product has it), or one made from the title and kept unique. */
async function uniqueSlug(tx: Tx, input: ProductWriteInput, self: number | null): Promise<string> {
  if (input.slug) {
    if (await slugTaken(tx, input.slug, self)) throw fieldError('slug', 'Another product has this slug. Choose another one.');
    return input.slug;
  }
  const base = slugify(input.title);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(tx, candidate, self))) return candidate;
  }
  return `${base}-${Date.now()}`;
}

/** The store a product goes to: the one chosen (in the caller's scope), or a seller's only store. */
function storeOf(input: ProductWriteInput, scope: Scope, current: number | null): number {
  const ids = storeIdsOf(scope);
  const chosen = input.store_id ?? current ?? (ids && ids.length === 1 ? ids[0]! : null);
  if (chosen === null) throw fieldError('store_id', 'Choose the store that sells this product.');
  if (!inScope(scope, chosen)) throw fieldError('store_id', 'You can only add products to your own store.');
  return chosen;
}

/** Checks that the category, sub-category (of that category), brand and store exist. */
async function checkReferences(tx: Tx, input: ProductWriteInput, storeId: number): Promise<void> {
  const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!store) throw fieldError('store_id', 'Choose the store that sells this product.');
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id)).limit(1);
  if (!category) throw fieldError('category_id', 'Choose one of the categories.');
  if (input.sub_category_id !== null) {
    const [sub] = await tx
      .select({ categoryId: subCategories.categoryId })
      .from(subCategories)
      .where(eq(subCategories.id, input.sub_category_id))
      .limit(1);
    if (!sub || sub.categoryId !== input.category_id)
      throw fieldError('sub_category_id', 'Choose a sub-category of the chosen category (or none).');
  }
  if (input.brand_id !== null) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id)).limit(1);
    if (!brand) throw fieldError('brand_id', 'Choose one of the brands (or none).');
  }
}

/** Tags that say a description is HTML (the rich-text editor's); anything else is plain text from a textarea. */
const HTML_TAG = /<(p|br|ul|ol|li|h[1-6]|div|strong|em|b|i|a|table|img|figure|blockquote|iframe)\b[^>]*>/i;

/** A description through the shop's one HTML policy; plain text becomes escaped paragraphs (line breaks kept). */
export function descriptionHtml(text: string): string {
  if (!text) return '';
  if (HTML_TAG.test(text)) return sanitizeStoredHtml(text);
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return sanitizeStoredHtml(
    text
      .split(/\r?\n\s*\r?\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => `<p>${escape(p).replace(/\r?\n/g, '<br>')}</p>`)
      .join('\n'),
  );
}

export interface SavedProduct {
  id: number;
  slug: string;
  status: ProductStatus;
  created: boolean;
  pictures: number;
  /** The product (or its new price) waits for the operator's approval. */
  waiting: boolean;
}

/**
 * Creates (no `id`) or updates a product in the caller's scope, with its new pictures (already checked and
 * re-encoded; stored here, after every check passed). A changed slug leaves the old one redirecting here.
 */
export async function saveProduct(
  input: ProductWriteInput,
  pictures: PreparedPicture[],
  { scope, tx, audit }: Access,
): Promise<SavedProduct> {
  const before = input.id ? (await tx.select().from(products).where(eq(products.id, input.id)).for('update'))[0] : undefined;
  if (input.id && (!before || !inScope(scope, before.storeId))) throw notFound('theProduct');
  const storeId = storeOf(input, scope, before?.storeId ?? null);
  await checkReferences(tx, input, storeId);
  const slug = await uniqueSlug(tx, input, before?.id ?? null);
  const waits = await changesWait(tx, scope);
  // A seller's new product waits for the operator (when the shop says so); a refused one asks again when saved.
  const approval: { approval?: 'approved' | 'waiting' | 'refused'; approvalRequestedAt?: Date } = before
    ? before.approval === 'refused' && scope.kind === 'own'
      ? { approval: 'waiting' as const, approvalRequestedAt: new Date() }
      : {}
    : waits
      ? { approval: 'waiting' as const, approvalRequestedAt: new Date() }
      : {};
  const prices = before
    ? await pricesToWrite(tx, scope, before, input)
    : { selling: input.selling, offered: input.offered, pendingSelling: null, pendingOffered: null };
  const values = {
    slug,
    title: input.title,
    storeId,
    categoryId: input.category_id,
    subCategoryId: input.sub_category_id,
    brandId: input.brand_id,
    status: STATUS_CODE[input.status],
    ...prices,
    ...approval,
    ...(input.stock !== undefined ? { stock: input.stock } : before ? {} : { stock: 0 }),
    lowStock: input.low_stock,
    maxPerOrder: input.max_per_order,
    description: descriptionHtml(input.description),
    seoTitle: input.seo_title,
    seoDescription: input.seo_description,
    updatedAt: new Date(),
  };
  let id: number;
  if (before) {
    id = before.id;
    await tx.update(products).set(values).where(eq(products.id, id));
    if (before.slug !== slug) {
      // The old address keeps working (a permanent redirect); the new one is no longer a redirect of its own.
      await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, slug));
      await tx
        .insert(productSlugRedirects)
        .values({ slug: before.slug, productId: id })
        .onConflictDoUpdate({ target: productSlugRedirects.slug, set: { productId: id } });
    }
  } else {
    const [row] = await tx.insert(products).values(values).returning({ id: products.id });
    id = row!.id;
  }
  const urls = pictures.length ? await storePictures(pictures) : [];
  try {
    await addPictures(tx, id, urls, before?.image ?? null);
  } catch (err) {
    await removePictures(urls);
    throw err;
  }
  const pick = (p: {
    slug?: string;
    title?: string;
    storeId?: number;
    categoryId?: number;
    status?: number;
    selling?: number;
    offered?: number;
    stock?: number;
  }) => ({
    slug: p.slug,
    title: p.title,
    store_id: p.storeId,
    category_id: p.categoryId,
    status: p.status,
    selling: p.selling,
    offered: p.offered,
    stock: p.stock,
  });
  audit({ entity: 'product', entityId: id, before: before ? pick(before) : null, after: { ...pick(values), pictures_added: urls.length } });
  return {
    id,
    slug,
    status: input.status,
    created: !before,
    pictures: urls.length,
    waiting: (approval.approval ?? before?.approval) === 'waiting' || prices.pendingSelling !== null,
  };
}

/** Appends stored pictures after the product's others; the first becomes the main one when there is none. */
async function addPictures(tx: Tx, productId: number, urls: string[], main: string | null): Promise<void> {
  if (!urls.length) return;
  const [last] = await tx
    .select({ position: productImages.position })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(desc(productImages.position))
    .limit(1);
  const start = (last?.position ?? 0) + 1;
  await tx.insert(productImages).values(urls.map((image, i) => ({ productId, image, position: start + i })));
  if (!main) await tx.update(products).set({ image: urls[0]! }).where(eq(products.id, productId));
}

/** A picture made the main one, moved up or down, described, or removed (its files too, after the commit). */
export async function changePicture(
  input: PictureChangeInput,
  { scope, tx, audit }: Access,
): Promise<{ id: number; picture_id: number; op: PictureChangeInput['op'] }> {
  const [p] = await tx.select().from(products).where(eq(products.id, input.id)).for('update');
  if (!p || !inScope(scope, p.storeId)) throw notFound('theProduct');
  const all = await tx
    .select()
    .from(productImages)
    .where(eq(productImages.productId, p.id))
    .orderBy(asc(productImages.position), asc(productImages.id));
  const at = all.findIndex((i) => i.id === input.picture_id);
  if (at < 0) throw notFound('The picture');
  const picture = all[at]!;
  const order = [...all];
  if (input.op === 'main') {
    order.splice(at, 1);
    order.unshift(picture);
    await tx.update(products).set({ image: picture.image, updatedAt: new Date() }).where(eq(products.id, p.id));
  } else if (input.op === 'up' || input.op === 'down') {
    const to = input.op === 'up' ? at - 1 : at + 1;
    if (to >= 0 && to < order.length) [order[at], order[to]] = [order[to]!, order[at]!];
  } else if (input.op === 'alt') {
    await tx.update(productImages).set({ alt: input.alt }).where(eq(productImages.id, picture.id));
  } else {
    order.splice(at, 1);
    await tx.delete(productImages).where(eq(productImages.id, picture.id));
    if (p.image === picture.image)
      await tx
        .update(products)
        .set({ image: order[0]?.image ?? null, updatedAt: new Date() })
        .where(eq(products.id, p.id));
    runAfterAnswer('remove picture files', () => removePictures([picture.image]));
  }
  for (const [i, row] of order.entries())
    if (row.position !== i + 1)
      await tx
        .update(productImages)
        .set({ position: i + 1 })
        .where(eq(productImages.id, row.id));
  audit({
    entity: 'product',
    entityId: p.id,
    before: { picture_id: picture.id, position: at + 1, alt: picture.alt, main: p.image === picture.image },
    after: { picture_id: picture.id, op: input.op, ...(input.op === 'alt' ? { alt: input.alt } : {}) },
  });
  return { id: p.id, picture_id: picture.id, op: input.op };
}

/** A bulk change of ticked products, all or none: publish, unpublish (draft), archive, or delete (archived instead when it was ordered). */
export async function bulkProducts(
  input: ProductsBulkInput,
  { scope, tx, audit }: Access,
): Promise<{ changed: number; deleted: number; archived: number }> {
  const rows = await tx
    .select({ id: products.id, storeId: products.storeId, status: products.status, image: products.image })
    .from(products)
    .where(inArray(products.id, input.ids))
    .for('update');
  for (const id of input.ids) {
    const row = rows.find((r) => r.id === id);
    if (!row || !inScope(scope, row.storeId)) throw notFound('theProduct');
  }
  let deleted = 0;
  let archived = 0;
  if (input.action === 'delete') {
    const ordered = new Set(
      (await tx.selectDistinct({ id: orderLines.productId }).from(orderLines).where(inArray(orderLines.productId, input.ids))).map(
        (r) => r.id,
      ),
    );
    const keep = input.ids.filter((id) => ordered.has(id));
    const drop = input.ids.filter((id) => !ordered.has(id));
    if (keep.length)
      await tx.update(products).set({ status: STATUS_CODE.archived, updatedAt: new Date() }).where(inArray(products.id, keep));
    if (drop.length) {
      const files = await tx.select({ image: productImages.image }).from(productImages).where(inArray(productImages.productId, drop));
      await tx.delete(products).where(inArray(products.id, drop));
      runAfterAnswer('remove product pictures', () => removePictures(files.map((f) => f.image)));
    }
    deleted = drop.length;
    archived = keep.length;
  } else {
    const code = STATUS_CODE[input.action === 'publish' ? 'published' : input.action === 'archive' ? 'archived' : 'draft'];
    await tx.update(products).set({ status: code, updatedAt: new Date() }).where(inArray(products.id, input.ids));
  }
  audit({
    entity: 'product',
    entityId: null,
    before: { ids: input.ids, status: input.ids.map((id) => statusOfCode(rows.find((r) => r.id === id)!.status)) },
    after: { ids: input.ids, action: input.action, deleted, archived },
  });
  return { changed: input.ids.length, deleted, archived };
}
