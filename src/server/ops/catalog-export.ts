import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { Catalog, ProductRow, VariantRow } from '@/server/ops/catalog-rows';

/** Reads the whole catalogue (categories, sub-categories, brands, stores, products with images, variants) in id order. */
export async function exportCatalog(db: Tx): Promise<Catalog> {
  const categories = await db.select().from(t.categories).orderBy(asc(t.categories.id));
  const subCategories = await db
    .select({ sub: t.subCategories, category: t.categories.slug })
    .from(t.subCategories)
    .innerJoin(t.categories, eq(t.categories.id, t.subCategories.categoryId))
    .orderBy(asc(t.subCategories.id));
  const brands = await db.select().from(t.brands).orderBy(asc(t.brands.id));
  const stores = await db.select().from(t.stores).orderBy(asc(t.stores.id));
  return {
    categories: categories.map((c) => ({
      slug: c.slug,
      title: c.title,
      image: c.image,
      icon: c.icon,
      featured: c.featured,
      in_footer: c.inFooter,
      position: c.position,
      status: c.status as 0 | 1,
    })),
    sub_categories: subCategories.map(({ sub: s, category }) => ({
      slug: s.slug,
      category,
      title: s.title,
      image: s.image,
      in_footer: s.inFooter,
      position: s.position,
      status: s.status as 0 | 1,
    })),
    brands: brands.map((b) => ({ slug: b.slug, title: b.title, image: b.image, featured: b.featured, status: b.status as 0 | 1 })),
    stores: stores.map((s) => ({
      slug: s.slug,
      name: s.name,
      logo: s.logo,
      banner: s.banner,
      description: s.description || null,
      email: s.email,
      phone: s.phone,
      address: s.address,
      status: s.status as 0 | 1,
    })),
    products: await exportProducts(db, null),
    variants: await exportVariants(db),
  };
}

/**
 * The products of the given stores (every store: null) as rows of the catalogue file's `products` section, in id
 * order: the operator's `catalog:export` and the back office's CSV download (a seller's own store only).
 */
export async function exportProducts(db: Tx, storeIds: readonly number[] | null): Promise<ProductRow[]> {
  const sub = alias(t.subCategories, 'sub');
  const products = await db
    .select({ p: t.products, store: t.stores.slug, category: t.categories.slug, sub: sub.slug, brand: t.brands.slug })
    .from(t.products)
    .innerJoin(t.stores, eq(t.stores.id, t.products.storeId))
    .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
    .leftJoin(sub, eq(sub.id, t.products.subCategoryId))
    .leftJoin(t.brands, eq(t.brands.id, t.products.brandId))
    .where(storeIds === null ? undefined : storeIds.length ? inArray(t.products.storeId, [...storeIds]) : sql`false`)
    .orderBy(asc(t.products.id));
  const images = new Map<number, string[]>();
  if (products.length)
    for (const row of await db
      .select()
      .from(t.productImages)
      .where(
        storeIds === null
          ? undefined
          : inArray(
              t.productImages.productId,
              products.map((r) => r.p.id),
            ),
      )
      .orderBy(asc(t.productImages.productId), asc(t.productImages.position), asc(t.productImages.id)))
      images.set(row.productId, [...(images.get(row.productId) ?? []), row.image]);
  return products.map(({ p, store, category, sub: subSlug, brand }) => ({
    slug: p.slug,
    title: p.title,
    store,
    category,
    sub_category: subSlug,
    brand,
    sku: p.sku,
    unit: p.unit,
    selling: p.selling,
    offered: p.offered,
    stock: p.stock,
    max_per_order: p.maxPerOrder,
    refundable: p.refundable,
    warranty: p.warranty,
    status: p.status as 0 | 1,
    image: p.image,
    images: images.get(p.id) ?? [],
    description: p.description || null,
    overview: p.overview || null,
  }));
}

async function exportVariants(db: Tx): Promise<VariantRow[]> {
  const rows = await db
    .select({
      id: t.inventories.id,
      product: t.products.slug,
      sku: t.inventories.sku,
      price: t.inventories.price,
      quantity: t.inventories.quantity,
      name: t.attributes.title,
      value: t.attributeValues.title,
    })
    .from(t.inventories)
    .innerJoin(t.products, eq(t.products.id, t.inventories.productId))
    .leftJoin(t.inventoryAttributes, eq(t.inventoryAttributes.inventoryId, t.inventories.id))
    .leftJoin(t.attributeValues, eq(t.attributeValues.id, t.inventoryAttributes.attributeValueId))
    .leftJoin(t.attributes, eq(t.attributes.id, t.attributeValues.attributeId))
    .orderBy(asc(t.products.id), asc(t.inventories.id), asc(t.attributes.title));
  const variants = new Map<number, VariantRow>();
  for (const r of rows) {
    const v = variants.get(r.id) ?? { product: r.product, sku: r.sku, price: r.price, quantity: r.quantity, attributes: {} };
    if (r.name && r.value) v.attributes[r.name] = r.value;
    variants.set(r.id, v);
  }
  return [...variants.values()];
}

/** The products section in id order: every product, or only these (the back office's export of a filtered list, the import's preview). */
export async function exportProductsById(db: Tx, ids: number[] | null = null): Promise<ProductRow[]> {
  if (ids && !ids.length) return [];
  const sub = alias(t.subCategories, 'sub');
  const products = await db
    .select({ p: t.products, store: t.stores.slug, category: t.categories.slug, sub: sub.slug, brand: t.brands.slug })
    .from(t.products)
    .innerJoin(t.stores, eq(t.stores.id, t.products.storeId))
    .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
    .leftJoin(sub, eq(sub.id, t.products.subCategoryId))
    .leftJoin(t.brands, eq(t.brands.id, t.products.brandId))
    .where(ids ? inArray(t.products.id, ids) : undefined)
    .orderBy(asc(t.products.id));
  const images = new Map<number, string[]>();
  for (const row of await db
    .select()
    .from(t.productImages)
    .where(ids ? inArray(t.productImages.productId, ids) : undefined)
    .orderBy(asc(t.productImages.productId), asc(t.productImages.position), asc(t.productImages.id)))
    images.set(row.productId, [...(images.get(row.productId) ?? []), row.image]);
  return products.map(({ p, store, category, sub: subSlug, brand }) => ({
    slug: p.slug,
    title: p.title,
    store,
    category,
    sub_category: subSlug,
    brand,
    sku: p.sku,
    unit: p.unit,
    selling: p.selling,
    offered: p.offered,
    stock: p.stock,
    max_per_order: p.maxPerOrder,
    refundable: p.refundable,
    warranty: p.warranty,
    status: p.status as 0 | 1 | 2,
    image: p.image,
    images: images.get(p.id) ?? [],
    description: p.description || null,
    overview: p.overview || null,
  }));
}
