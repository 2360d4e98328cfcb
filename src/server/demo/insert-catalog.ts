import type { Tx } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { brandLogo, categoryIcon, storeBanner, storeLogo } from '@/server/demo/data/images';
import type { DemoProduct } from '@/server/demo/data/products';
import { DAY_MS } from '@/server/demo/prng';
import type { DemoPlan } from '@/server/demo/plan';

/** Inserts rows in chunks (one statement per chunk) and returns what each chunk returned, in order. */
export async function inChunks<T, R>(rows: T[], size: number, write: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...(await write(rows.slice(i, i + size))));
  return out;
}

export type Ids = Map<string, number>;
const idOf = (ids: Ids, key: string, what: string): number => {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`demo data refers to unknown ${what} "${key}"`);
  return id;
};

/** Categories, subcategories, brands, stores, shipping, bundle deals, tags and attributes; returns slug → id maps. */
export async function insertTaxonomy(tx: Tx, plan: DemoPlan, now: number) {
  const cats = await tx
    .insert(t.categories)
    .values(
      plan.categories.map((c, i) => ({
        slug: c.slug,
        title: c.title,
        image: categoryIcon(c.slug),
        icon: categoryIcon(c.slug),
        featured: c.featured,
        inFooter: c.inFooter,
        position: i + 1,
      })),
    )
    .returning({ id: t.categories.id, slug: t.categories.slug });
  const category: Ids = new Map(cats.map((r) => [r.slug, r.id]));
  const subs = await tx
    .insert(t.subCategories)
    .values(
      plan.categories.flatMap((c) =>
        c.subs.map((s, i) => ({
          categoryId: idOf(category, c.slug, 'category'),
          slug: s.slug,
          title: s.title,
          image: categoryIcon(c.slug),
          inFooter: s.inFooter,
          position: i + 1,
        })),
      ),
    )
    .returning({ id: t.subCategories.id, slug: t.subCategories.slug });
  const subCategory: Ids = new Map(subs.map((r) => [r.slug, r.id]));
  const brandRows = await tx
    .insert(t.brands)
    .values(plan.brands.map((b) => ({ slug: b.slug, title: b.title, image: brandLogo(b.slug), featured: b.featured })))
    .returning({ id: t.brands.id, slug: t.brands.slug });
  const brand: Ids = new Map(brandRows.map((r) => [r.slug, r.id]));
  const storeRows = await tx
    .insert(t.stores)
    .values(
      plan.stores.map((s) => ({
        slug: s.slug,
        name: s.name,
        logo: storeLogo(s.slug),
        banner: storeBanner(s.slug),
        description: s.description,
        rating: s.rating,
        email: s.email,
        phone: s.phone,
        address: s.address,
        createdAt: new Date(now - s.ageDays * DAY_MS),
      })),
    )
    .returning({ id: t.stores.id, slug: t.stores.slug });
  const store: Ids = new Map(storeRows.map((r) => [r.slug, r.id]));

  /** Store slug → its location-based rule (products use it). */
  const shipping: Ids = new Map();
  for (const rule of plan.shippingRules) {
    const [row] = await tx
      .insert(t.shippingRules)
      .values({
        storeId: idOf(store, rule.store, 'store'),
        title: rule.title,
        shippingType: rule.shippingType,
        defaultPrice: rule.defaultPrice,
        dayNeeded: rule.dayNeeded,
      })
      .returning({ id: t.shippingRules.id });
    await tx.insert(t.shippingPlaces).values(
      rule.places.map((p) => ({
        shippingRuleId: row!.id,
        countryCode: p.country,
        stateCode: p.state,
        price: p.price,
        dayNeeded: p.dayNeeded,
      })),
    );
    if (rule.shippingType === 1) shipping.set(rule.store, row!.id);
  }
  const bundleRows = await tx
    .insert(t.bundleDeals)
    .values(plan.bundles.map((b) => ({ storeId: idOf(store, b.store, 'store'), title: b.title, buy: b.buy, free: b.free })))
    .returning({ id: t.bundleDeals.id, storeId: t.bundleDeals.storeId });
  const bundle: Ids = new Map(plan.bundles.map((b, i) => [b.store, bundleRows[i]!.id]));
  const tagRows = await tx
    .insert(t.tags)
    .values(plan.tags.map((slug) => ({ slug, title: tagTitle(slug) })))
    .returning({ id: t.tags.id, slug: t.tags.slug });
  const tag: Ids = new Map(tagRows.map((r) => [r.slug, r.id]));
  return { category, subCategory, brand, store, shipping, bundle, tag };
}

const TAG_TITLES: Record<string, string> = {
  'usb-c': 'USB-C',
  gan: 'GaN',
  rgb: 'RGB',
  stem: 'STEM',
  rc: 'RC',
  magsafe: 'MagSafe compatible',
};
/** "fast-charging" → "Fast charging". */
export function tagTitle(slug: string): string {
  return TAG_TITLES[slug] ?? slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ');
}

export type TaxonomyIds = Awaited<ReturnType<typeof insertTaxonomy>>;

/** The products row for one demo product. */
export function productRow(p: DemoProduct, ids: TaxonomyIds, now: number, bundleStore?: string) {
  const created = new Date(now - p.ageDays * DAY_MS);
  return {
    slug: p.slug,
    title: p.title,
    description: p.description,
    overview: p.overview,
    image: p.image,
    storeId: idOf(ids.store, p.store, 'store'),
    brandId: idOf(ids.brand, p.brand, 'brand'),
    categoryId: idOf(ids.category, p.category, 'category'),
    subCategoryId: idOf(ids.subCategory, p.subCategory, 'subcategory'),
    shippingRuleId: ids.shipping.get(p.store) ?? null,
    bundleDealId: bundleStore ? (ids.bundle.get(bundleStore) ?? null) : null,
    sku: p.sku,
    selling: p.selling,
    offered: p.offered,
    stock: p.stock,
    rating: p.rating,
    reviewCount: p.reviews.length,
    soldCount: p.soldCount,
    viewCount: p.viewCount,
    warranty: p.warranty,
    createdAt: created,
    updatedAt: created,
  };
}

/** Images, video, tags and specs of products already inserted (slug → id). */
export async function insertProductDetails(tx: Tx, products: DemoProduct[], productIds: Ids, tagIds: Ids, chunk = 1000) {
  const pid = (p: DemoProduct) => idOf(productIds, p.slug, 'product');
  await inChunks(
    products.flatMap((p) => p.gallery.map((image, i) => ({ productId: pid(p), image, position: i + 1 }))),
    chunk,
    (c) => tx.insert(t.productImages).values(c).returning({ id: t.productImages.id }),
  );
  const videos = products
    .filter((p) => p.video)
    .map((p) => ({ productId: pid(p), provider: 'youtube', videoId: p.video!, thumbnail: p.gallery[0] ?? p.image, position: 1 }));
  if (videos.length) await inChunks(videos, chunk, (c) => tx.insert(t.productVideos).values(c).returning({ id: t.productVideos.id }));
  await inChunks(
    products.flatMap((p) => p.tags.map((slug) => ({ productId: pid(p), tagId: idOf(tagIds, slug, 'tag') }))),
    chunk,
    (c) => tx.insert(t.productTags).values(c).returning({ productId: t.productTags.productId }),
  );
  await inChunks(
    products.flatMap((p) => p.specs.map(([name, value], i) => ({ productId: pid(p), name, value, position: i + 1 }))),
    chunk,
    (c) => tx.insert(t.productSpecs).values(c).returning({ id: t.productSpecs.id }),
  );
}
