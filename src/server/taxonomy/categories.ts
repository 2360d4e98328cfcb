import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { categories, products, subCategories, taxonomySlugRedirects } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { fieldError, pickSlug } from '@/server/taxonomy/shared';
import type { CategoryWriteInput, DeleteTaxonInput, MoveInput } from '@/lib/schemas/taxonomy';

/**
 * The operator's editor of the category tree: categories and their sub-categories, their order, picture, footer
 * flag, name and slug. The storefront reads the tree with catalog/taxonomy.ts; a renamed slug keeps redirecting
 * (taxonomy_slug_redirects, read by catalog/slug-redirects.ts).
 */
export interface TaxonRow {
  id: number;
  /** The category of a sub-category; null for a category. */
  parent_id: number | null;
  title: string;
  slug: string;
  image: string | null;
  in_footer: boolean;
  featured: boolean;
  shown: boolean;
  position: number;
  products: number;
  old_slugs: string[];
}
export interface CategoryNode extends TaxonRow {
  children: TaxonRow[];
}

export type Kind = 'category' | 'sub_category';
const NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.taxonomy.categories.notFound' });

type CategoryRecord = typeof categories.$inferSelect;
type SubRecord = typeof subCategories.$inferSelect;

function toRow(r: CategoryRecord | SubRecord, products: number, oldSlugs: string[] = []): TaxonRow {
  const sub = 'categoryId' in r;
  return {
    id: r.id,
    parent_id: sub ? r.categoryId : null,
    title: r.title,
    slug: r.slug,
    image: r.image,
    in_footer: r.inFooter,
    featured: sub ? false : r.featured,
    shown: r.status === 1,
    position: r.position,
    products,
    old_slugs: oldSlugs,
  };
}

/** The whole tree in the storefront's order, hidden ones too, with each one's number of products. */
export async function listCategoryAdminTree(db: Tx = getDb()): Promise<{ items: CategoryNode[]; next_cursor: null }> {
  const [cats, subs, perCat, perSub] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.title), asc(categories.id)),
    db.select().from(subCategories).orderBy(asc(subCategories.position), asc(subCategories.title), asc(subCategories.id)),
    db.select({ id: products.categoryId, n: count() }).from(products).groupBy(products.categoryId),
    db.select({ id: products.subCategoryId, n: count() }).from(products).groupBy(products.subCategoryId),
  ]);
  const catCount = new Map(perCat.map((r) => [r.id, Number(r.n)]));
  const subCount = new Map(perSub.map((r) => [r.id, Number(r.n)]));
  const items = cats.map((c) => ({
    ...toRow(c, catCount.get(c.id) ?? 0),
    children: subs.filter((s) => s.categoryId === c.id).map((s) => toRow(s, subCount.get(s.id) ?? 0)),
  }));
  return { items, next_cursor: null };
}

/** One category or sub-category for its editor (with its sub-categories and former slugs); NOT_FOUND otherwise. */
export async function getTaxon(kind: Kind, id: number, db: Tx = getDb()): Promise<CategoryNode> {
  const table = kind === 'category' ? categories : subCategories;
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row) throw NOT_FOUND();
  const column = kind === 'category' ? products.categoryId : products.subCategoryId;
  const [[n], redirects, children] = await Promise.all([
    db.select({ n: count() }).from(products).where(eq(column, id)),
    db
      .select({ slug: taxonomySlugRedirects.slug })
      .from(taxonomySlugRedirects)
      .where(and(eq(taxonomySlugRedirects.kind, kind), eq(taxonomySlugRedirects.targetId, id))),
    kind === 'category'
      ? db.select().from(subCategories).where(eq(subCategories.categoryId, id)).orderBy(asc(subCategories.position), asc(subCategories.id))
      : Promise.resolve([]),
  ]);
  return {
    ...toRow(
      row,
      Number(n?.n ?? 0),
      redirects.map((r) => r.slug),
    ),
    children: children.map((s) => toRow(s, 0)),
  };
}

/**
 * Creates or updates a category (or a sub-category when `parent_id` is given) in the caller's transaction. A
 * changed slug leaves the old one redirecting; `picture` is an already stored picture's URL.
 */
export async function saveTaxon(
  tx: Tx,
  kind: Kind,
  raw: CategoryWriteInput,
  picture: string | null,
): Promise<{ before: CategoryNode | null; after: CategoryNode; replaced: string | null }> {
  const before = raw.id ? await getTaxon(kind, raw.id, tx) : null;
  const input = { ...raw, parent_id: kind === 'category' ? undefined : (raw.parent_id ?? before?.parent_id ?? undefined) };
  if (kind === 'sub_category') {
    const [parent] = input.parent_id
      ? await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.parent_id))
      : [];
    if (!parent) throw fieldError('parent_id', 'Choose the category this sub-category belongs to.');
  }
  const t =
    kind === 'category'
      ? { table: categories, id: categories.id, slug: categories.slug }
      : { table: subCategories, id: subCategories.id, slug: subCategories.slug };
  const slug = await pickSlug(
    tx,
    t,
    // An update without a slug keeps the current address: a slug changes only on purpose.
    input.slug ?? before?.slug ?? null,
    input.title,
    before?.id ?? null,
    'category',
    'Another category has this slug. Choose another one.',
  );
  const common = {
    title: input.title,
    slug,
    inFooter: input.in_footer,
    status: input.shown ? 1 : 0,
    ...(picture ? { image: picture } : {}),
  };
  let id: number;
  if (kind === 'category') {
    const values = { ...common, featured: input.featured };
    if (before) await tx.update(categories).set(values).where(eq(categories.id, before.id));
    else
      id = (
        await tx
          .insert(categories)
          .values({ ...values, position: await nextPosition(tx, null) })
          .returning({ id: categories.id })
      )[0]!.id;
  } else {
    const values = { ...common, categoryId: input.parent_id! };
    if (before) await tx.update(subCategories).set(values).where(eq(subCategories.id, before.id));
    else
      id = (
        await tx
          .insert(subCategories)
          .values({ ...values, position: await nextPosition(tx, input.parent_id!) })
          .returning({ id: subCategories.id })
      )[0]!.id;
    // Products of a sub-category moved under another category follow it.
    if (before && before.parent_id !== input.parent_id)
      await tx.update(products).set({ categoryId: input.parent_id! }).where(eq(products.subCategoryId, before.id));
  }
  id = before?.id ?? id!;
  // The slug is this row's now: a former slug of the same kind that said so goes; the old one redirects here.
  await tx.delete(taxonomySlugRedirects).where(and(eq(taxonomySlugRedirects.kind, kind), eq(taxonomySlugRedirects.slug, slug)));
  if (before && before.slug !== slug)
    await tx
      .insert(taxonomySlugRedirects)
      .values({ kind, slug: before.slug, targetId: id })
      .onConflictDoUpdate({
        target: [taxonomySlugRedirects.kind, taxonomySlugRedirects.slug],
        set: { targetId: id },
      });
  const after = await getTaxon(kind, id, tx);
  return { before, after, replaced: picture && before?.image ? before.image : null };
}

/** The place after the last sibling. */
async function nextPosition(tx: Tx, parentId: number | null): Promise<number> {
  const rows = parentId
    ? await tx.select({ p: subCategories.position }).from(subCategories).where(eq(subCategories.categoryId, parentId))
    : await tx.select({ p: categories.position }).from(categories);
  return rows.reduce((m, r) => Math.max(m, r.p + 1), 0);
}

/**
 * Moves a category or sub-category one place up or down among its siblings: the siblings are numbered again in
 * their shown order with the two swapped (the seed leaves many at 0, ordered by name).
 */
export async function moveTaxon(tx: Tx, kind: Kind, input: MoveInput): Promise<{ before: TaxonRow[]; after: TaxonRow[] }> {
  const me = await getTaxon(kind, input.id, tx);
  const siblings =
    kind === 'category'
      ? await tx.select().from(categories).orderBy(asc(categories.position), asc(categories.title), asc(categories.id)).for('update')
      : await tx
          .select()
          .from(subCategories)
          .where(eq(subCategories.categoryId, me.parent_id!))
          .orderBy(asc(subCategories.position), asc(subCategories.title), asc(subCategories.id))
          .for('update');
  const order: (CategoryRecord | SubRecord)[] = [...siblings];
  const at = order.findIndex((r) => r.id === me.id);
  const to = input.dir === 'up' ? at - 1 : at + 1;
  const before = order.map((r) => toRow(r, 0));
  if (to >= 0 && to < order.length) [order[at], order[to]] = [order[to]!, order[at]!];
  const table = kind === 'category' ? categories : subCategories;
  for (const [i, r] of order.entries()) if (r.position !== i) await tx.update(table).set({ position: i }).where(eq(table.id, r.id));
  return { before, after: order.map((r, i) => ({ ...toRow(r, 0), position: i })) };
}

/**
 * Deletes a category (with its sub-categories) or a sub-category. A category with products is refused unless
 * `move_to` names another category, where they go first; a sub-category's products stay in its category.
 */
export async function deleteTaxon(tx: Tx, kind: Kind, input: DeleteTaxonInput): Promise<CategoryNode> {
  const before = await getTaxon(kind, input.id, tx);
  if (kind === 'category' && before.products > 0) {
    if (!input.move_to || input.move_to === before.id) {
      throw new AppError({
        code: 'CONFLICT',
        message: 'backoffice.taxonomy.categories.hasProducts',
        vars: { count: before.products },
        details: { fields: { move_to: 'backoffice.taxonomy.categories.chooseMoveTo' } },
      });
    }
    const [target] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.move_to));
    if (!target) throw fieldError('move_to', 'backoffice.taxonomy.categories.chooseMoveTo');
    await tx.update(products).set({ categoryId: target.id, subCategoryId: null }).where(eq(products.categoryId, before.id));
  }
  const subIds = kind === 'category' ? before.children.map((c) => c.id) : [before.id];
  if (subIds.length) await tx.update(products).set({ subCategoryId: null }).where(inArray(products.subCategoryId, subIds));
  if (kind === 'category') await tx.delete(categories).where(eq(categories.id, before.id));
  else await tx.delete(subCategories).where(eq(subCategories.id, before.id));
  await tx.delete(taxonomySlugRedirects).where(and(eq(taxonomySlugRedirects.kind, kind), eq(taxonomySlugRedirects.targetId, before.id)));
  if (subIds.length && kind === 'category')
    await tx
      .delete(taxonomySlugRedirects)
      .where(and(eq(taxonomySlugRedirects.kind, 'sub_category'), inArray(taxonomySlugRedirects.targetId, subIds)));
  return before;
}
