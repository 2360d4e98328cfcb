import type { Tx } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { SETTING_KEYS } from '@/lib/schemas/settings';
import { DEMO_SETTINGS, LANGUAGES } from '@/server/demo/data/settings';
import { blogCover } from '@/server/demo/data/images';
import type { DemoProduct } from '@/server/demo/data/products';
import type { BannerSource } from '@/server/demo/data/promotions';
import { inChunks, type Ids, type TaxonomyIds } from '@/server/demo/insert-catalog';
import { DAY_MS } from '@/server/demo/prng';
import type { DemoPlan } from '@/server/demo/plan';

/** Settings, languages, countries and states; existing rows are kept. */
export async function insertSiteData(tx: Tx, plan: DemoPlan) {
  await tx
    .insert(t.settings)
    .values(SETTING_KEYS.map((key) => ({ key, value: DEMO_SETTINGS[key] })))
    .onConflictDoNothing();
  await tx.insert(t.languages).values(LANGUAGES).onConflictDoNothing();
  await tx
    .insert(t.countries)
    .values(plan.countries.map(([code, name, phoneCode]) => ({ code, name, phoneCode })))
    .onConflictDoNothing();
  const states = Object.entries(plan.states).flatMap(([countryCode, list]) => list.map(([code, name]) => ({ countryCode, code, name })));
  await tx.insert(t.states).values(states).onConflictDoNothing();
}

/** Attributes, their values, variant inventories and their attribute links. */
export async function insertVariants(tx: Tx, products: DemoProduct[], productIds: Ids) {
  const withVariants = products.filter((p) => p.variants.length);
  if (!withVariants.length) return;
  const titles = [...new Set(withVariants.flatMap((p) => p.variants.flatMap((v) => Object.keys(v.values))))];
  await tx
    .insert(t.attributes)
    .values(titles.map((title) => ({ title })))
    .onConflictDoNothing();
  const attrs = await tx.select().from(t.attributes);
  const attrId = new Map(attrs.map((a) => [a.title, a.id]));
  const wanted = new Set(
    withVariants.flatMap((p) => p.variants.flatMap((v) => Object.entries(v.values).map(([a, val]) => `${a}\u0000${val}`))),
  );
  const existing = await tx.select().from(t.attributeValues);
  const valueKey = (attributeId: number, title: string) => `${attributeId}\u0000${title}`;
  const valueId = new Map(existing.map((v) => [valueKey(v.attributeId, v.title), v.id]));
  const missing = [...wanted]
    .map((k) => k.split('\u0000') as [string, string])
    .map(([a, title]) => ({ attributeId: attrId.get(a)!, title }))
    .filter((v) => !valueId.has(valueKey(v.attributeId, v.title)));
  if (missing.length) {
    const rows = await tx.insert(t.attributeValues).values(missing).returning();
    for (const v of rows) valueId.set(valueKey(v.attributeId, v.title), v.id);
  }
  const inventories = withVariants.flatMap((p) =>
    p.variants.map((v) => ({ productId: productIds.get(p.slug)!, sku: v.sku, price: v.price, quantity: v.quantity })),
  );
  const invRows = await inChunks(inventories, 1000, (c) =>
    tx.insert(t.inventories).values(c).returning({ id: t.inventories.id, sku: t.inventories.sku }),
  );
  const invId = new Map(invRows.map((r) => [r.sku!, r.id]));
  const links = withVariants.flatMap((p) =>
    p.variants.flatMap((v) =>
      Object.entries(v.values).map(([a, val]) => ({
        inventoryId: invId.get(v.sku)!,
        attributeValueId: valueId.get(valueKey(attrId.get(a)!, val!))!,
      })),
    ),
  );
  await inChunks(links, 1000, (c) =>
    tx.insert(t.inventoryAttributes).values(c).returning({ inventoryId: t.inventoryAttributes.inventoryId }),
  );
}

/** Reviews and their photos. */
export async function insertReviews(tx: Tx, products: DemoProduct[], productIds: Ids, now: number) {
  const reviews = products.flatMap((p) => p.reviews.map((r) => ({ product: p, review: r })));
  const rows = await inChunks(reviews, 1000, (c) =>
    tx
      .insert(t.reviews)
      .values(
        c.map(({ product, review }) => ({
          productId: productIds.get(product.slug)!,
          authorName: review.author,
          rating: review.rating,
          review: review.text,
          createdAt: new Date(now - review.ageDays * DAY_MS - 3_600_000),
        })),
      )
      .returning({ id: t.reviews.id }),
  );
  // RETURNING lists rows in the order of the VALUES list, so index i is reviews[i].
  const images = reviews.flatMap(({ review }, i) => review.images.map((image) => ({ reviewId: rows[i]!.id, image })));
  if (images.length) await inChunks(images, 1000, (c) => tx.insert(t.reviewImages).values(c).returning({ id: t.reviewImages.id }));
}

function sourceValue(source: BannerSource, ids: TaxonomyIds, productIds: Ids): string {
  const map = (list: string[], from: Ids) =>
    list
      .map((s) => from.get(s))
      .filter((v) => v !== undefined)
      .join(',');
  switch (source.type) {
    case 1:
      return map(source.categories, ids.category);
    case 2:
      return map(source.subCategories, ids.subCategory);
    case 3:
      return source.tags.join(',');
    case 4:
      return map(source.brands, ids.brand);
    case 5:
      return map(source.products, productIds);
    case 6:
      return source.url;
  }
}

/** Collections, banners, flash sales, vouchers, blog posts and static pages. */
export async function insertMarketing(tx: Tx, plan: DemoPlan, ids: TaxonomyIds, productIds: Ids, now: number) {
  const at = (days: number) => new Date(now + days * DAY_MS);
  for (const [i, c] of plan.collections.entries()) {
    const [row] = await tx
      .insert(t.collections)
      .values({ slug: c.slug, title: c.title, image: `/demo/banners/${c.slug}.svg`, position: i + 1 })
      .returning({ id: t.collections.id });
    await tx.insert(t.collectionProducts).values(c.products.map((slug) => ({ collectionId: row!.id, productId: productIds.get(slug)! })));
  }
  await tx.insert(t.banners).values(
    plan.banners.map((b, i) => ({
      type: b.type,
      title: b.title,
      subtitle: b.subtitle,
      image: b.image,
      sourceType: b.source.type,
      sourceValue: sourceValue(b.source, ids, productIds),
      slug: b.slug,
      closable: b.closable,
      position: i + 1,
    })),
  );
  for (const f of plan.flashSales) {
    const [row] = await tx
      .insert(t.flashSales)
      .values({ slug: f.slug, title: f.title, image: f.image, startsAt: at(f.startDays), endsAt: at(f.endDays) })
      .returning({ id: t.flashSales.id });
    await tx
      .insert(t.flashSaleProducts)
      .values(f.products.map((p) => ({ flashSaleId: row!.id, productId: productIds.get(p.slug)!, price: p.price })));
  }
  await tx.insert(t.vouchers).values(
    plan.vouchers.map((v) => ({
      code: v.code,
      title: v.title,
      storeId: v.store ? ids.store.get(v.store)! : null,
      priceType: v.priceType,
      amount: v.amount,
      minSpend: v.minSpend,
      maxDiscount: v.maxDiscount,
      usageLimit: v.usageLimit,
      startsAt: at(v.startDays),
      endsAt: at(v.endDays),
    })),
  );
  await tx.insert(t.blogPosts).values(
    plan.posts.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      content: p.content,
      image: blogCover(p.slug),
      author: p.author,
      category: p.category,
      tags: p.tags,
      publishedAt: at(-p.ageDays),
      createdAt: at(-p.ageDays),
    })),
  );
  await tx
    .insert(t.staticPages)
    .values(plan.pages.map((p) => ({ slug: p.slug, title: p.title, content: p.content, metaDescription: p.metaDescription })));
}
