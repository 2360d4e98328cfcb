import { and, asc, count, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { collectionProducts, collections, products } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { pickSlug } from '@/server/taxonomy/shared';
import { pickedProducts, type PickedProduct } from '@/server/taxonomy/pick';
import type { CollectionWriteInput, MemberInput } from '@/lib/schemas/taxonomy';

/** The operator's editor of collections: name, slug, picture, order, on the home page or not, and its products. */
export interface CollectionRow {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  position: number;
  on_home: boolean;
  shown: boolean;
  products: number;
}
export interface CollectionDetail extends CollectionRow {
  items: PickedProduct[];
}

const NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.taxonomy.collections.notFound' });

const toRow = (c: typeof collections.$inferSelect, n: number): CollectionRow => ({
  id: c.id,
  title: c.title,
  slug: c.slug,
  image: c.image,
  position: c.position,
  on_home: c.onHome,
  shown: c.status === 1,
  products: n,
});

/** Every collection in the home page's order (a few dozen at most: one page). */
export async function listAllCollections(db: Tx = getDb()): Promise<{ items: CollectionRow[]; next_cursor: null }> {
  const [rows, counts] = await Promise.all([
    db.select().from(collections).orderBy(asc(collections.position), asc(collections.id)),
    db.select({ id: collectionProducts.collectionId, n: count() }).from(collectionProducts).groupBy(collectionProducts.collectionId),
  ]);
  const per = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return { items: rows.map((c) => toRow(c, per.get(c.id) ?? 0)), next_cursor: null };
}

/** One collection with its products; NOT_FOUND otherwise. */
export async function getCollection(id: number, db: Tx = getDb()): Promise<CollectionDetail> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id));
  if (!row) throw NOT_FOUND();
  const members = await db
    .select({ id: collectionProducts.productId })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(eq(collectionProducts.collectionId, id))
    .orderBy(asc(products.title));
  const items = await pickedProducts(
    members.map((m) => m.id),
    db,
  );
  return { ...toRow(row, items.length), items };
}

/** Creates or updates a collection in the caller's transaction. */
export async function saveCollection(
  tx: Tx,
  input: CollectionWriteInput,
  picture: string | null,
): Promise<{ before: CollectionRow | null; after: CollectionRow; replaced: string | null }> {
  const before = input.id ? await getCollection(input.id, tx) : null;
  const slug = await pickSlug(
    tx,
    { table: collections, id: collections.id, slug: collections.slug },
    // An update without a slug keeps the current address: a slug changes only on purpose.
    input.slug ?? before?.slug ?? null,
    input.title,
    before?.id ?? null,
    'collection',
    'Another collection has this slug. Choose another one.',
  );
  const values = {
    title: input.title,
    slug,
    position: input.position,
    onHome: input.on_home,
    status: input.shown ? 1 : 0,
    ...(picture ? { image: picture } : {}),
  };
  const id = before
    ? (await tx.update(collections).set(values).where(eq(collections.id, before.id)).returning({ id: collections.id }))[0]!.id
    : (await tx.insert(collections).values(values).returning({ id: collections.id }))[0]!.id;
  const { items: _items, ...after } = await getCollection(id, tx);
  const { items: _before, ...was } = before ?? { items: [] };
  return { before: before ? (was as CollectionRow) : null, after, replaced: picture && before?.image ? before.image : null };
}

/** Adds a product to a collection or takes it out; answers the product ids before and after. */
export async function changeCollectionMember(
  tx: Tx,
  input: MemberInput,
): Promise<{ before: number[]; after: number[]; collection: CollectionDetail }> {
  const current = await getCollection(input.id, tx);
  const before = current.items.map((p) => p.id);
  if (input.op === 'add') {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.product_id));
    if (!product)
      throw new AppError({
        code: 'VALIDATION',
        message: 'backoffice.taxonomy.productNotFound',
        details: { fields: { product_id: 'backoffice.taxonomy.productNotFound' } },
      });
    await tx.insert(collectionProducts).values({ collectionId: input.id, productId: input.product_id }).onConflictDoNothing();
  } else {
    await tx
      .delete(collectionProducts)
      .where(and(eq(collectionProducts.collectionId, input.id), eq(collectionProducts.productId, input.product_id)));
  }
  const collection = await getCollection(input.id, tx);
  return { before, after: collection.items.map((p) => p.id), collection };
}

/** Deletes a collection (its products stay; only their membership goes). */
export async function deleteCollection(tx: Tx, id: number): Promise<CollectionRow> {
  const { items: _items, ...before } = await getCollection(id, tx);
  await tx.delete(collections).where(eq(collections.id, id));
  return before;
}
