import { and, asc, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { brands, bundleDeals, categories, products, shippingRules, stores, subCategories } from '@/server/db/schema';
import { notFound } from '@/server/core/errors';
import { cardColumns, toCards, type ProductCard } from '@/server/catalog/product-card';
import { getProductExtras } from '@/server/catalog/product-extras';
import { getProductVariants, type AttributeGroup, type ProductInventory } from '@/server/catalog/product-variants';
import { sanitizeDescription } from '@/server/catalog/product-description';
import { listStoreVouchers, type StoreVoucher } from '@/server/vouchers/store-vouchers';
import { onSale } from '@/server/catalog/on-sale';
import { localName, overProduct, productTranslationFor } from '@/server/catalog/translations';

const SLUG_OR_ID = /^[\p{L}\p{N}_-]{1,200}$/u;

type Ref = { id: number; slug: string; title: string };

export interface ProductDetail extends ProductCard {
  current_price: number;
  previous_price: number | null;
  discount_percent: number;
  sku: string | null;
  unit: string;
  overview: string;
  /** Sanitized HTML. */
  description: string;
  images: string[];
  videos: { provider: string; video_id: string; embed_url: string; thumbnail: string | null }[];
  specs: { name: string; value: string }[];
  tags: { id: number; slug: string; title: string }[];
  brand: Ref | null;
  category: Ref;
  sub_category: Ref | null;
  store: { id: number; slug: string; name: string; logo: string | null; rating: number; joined_at: string };
  inventory_attributes: AttributeGroup[];
  inventories: ProductInventory[];
  stock: number;
  max_per_order: number;
  refundable: boolean;
  warranty: string | null;
  /** The search engines' title and description an editor wrote ('' when none: the page uses its own). */
  seo_title: string;
  seo_description: string;
  vouchers: StoreVoucher[];
  bundle_deal: { id: number; title: string; buy: number; free: number } | null;
  shipping: { title: string; shipping_type: number; day_needed: string; default_price: number } | null;
}

/** Looks a product up by slug, or by numeric id when no slug matches; null when neither exists. */
export async function findProductRow(ref: string, db: Tx = getDb()) {
  // Slugs are letters, digits and dashes; anything else (a NUL byte, a path) cannot name a product.
  if (!SLUG_OR_ID.test(ref)) return null;
  const bySlug = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, ref), onSale()))
    .limit(1);
  if (bySlug[0]) return bySlug[0];
  if (!/^\d{1,9}$/.test(ref)) return null;
  const byId = await db
    .select()
    .from(products)
    .where(and(eq(products.id, Number(ref)), onSale()))
    .limit(1);
  return byId[0] ?? null;
}

/** Everything the detail page and `product/{id}` show; `ref` is the slug or the numeric id. Throws NOT_FOUND. */
export async function getProductDetail(ref: string, db: Tx = getDb(), now = new Date()): Promise<ProductDetail> {
  const p = await findProductRow(ref, db);
  if (!p) throw notFound('thisProduct');
  const [card] = await toCards(db, [pickCard(p)], undefined, now);
  const [related, variants, extras, vouchers, translation] = await Promise.all([
    loadRelated(db, p),
    getProductVariants(db, p.id),
    getProductExtras(db, p.id),
    listStoreVouchers(p.storeId, db, now),
    productTranslationFor(db, p.id),
  ]);
  const stock = variants.inventories.length ? variants.inventories.reduce((n, i) => n + i.quantity, 0) : p.stock;
  // current_price, previous_price, discount_percent and price_from come with the card (cardPriceOf):
  // the page, its JSON-LD, the API and every tile show the same figure ("from" when variants differ).
  // Title, description, SEO fields and specification labels in the shopper's language (the default one's where
  // no translation was written): the page, its JSON-LD and `product/{id}` all read this.
  const detail: ProductDetail = {
    ...card!,
    in_stock: stock > 0,
    sku: p.sku,
    unit: p.unit,
    overview: p.overview,
    description: sanitizeDescription(p.description),
    images: [...new Set([p.image, ...extras.images].filter((i): i is string => !!i))],
    videos: extras.videos,
    specs: extras.specs,
    tags: extras.tags,
    ...related,
    inventory_attributes: variants.groups,
    inventories: variants.inventories,
    stock,
    max_per_order: p.maxPerOrder,
    refundable: p.refundable,
    warranty: p.warranty,
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    vouchers,
  };
  return overProduct(detail, translation, sanitizeDescription);
}

function pickCard(p: typeof products.$inferSelect) {
  const out = {} as Record<string, unknown>;
  for (const key of Object.keys(cardColumns)) out[key] = p[key as keyof typeof p];
  return out as { [K in keyof typeof cardColumns]: (typeof p)[K] };
}

async function loadRelated(db: Tx, p: typeof products.$inferSelect) {
  const one = async <T>(q: Promise<T[]>) => (await q)[0] ?? null;
  const [store, category, sub, brand, bundle, shipping] = await Promise.all([
    one(db.select().from(stores).where(eq(stores.id, p.storeId))),
    one(
      db
        .select({ id: categories.id, slug: categories.slug, title: categories.title })
        .from(categories)
        .where(eq(categories.id, p.categoryId)),
    ),
    p.subCategoryId
      ? one(
          db
            .select({ id: subCategories.id, slug: subCategories.slug, title: subCategories.title })
            .from(subCategories)
            .where(eq(subCategories.id, p.subCategoryId)),
        )
      : null,
    p.brandId
      ? one(db.select({ id: brands.id, slug: brands.slug, title: brands.title }).from(brands).where(eq(brands.id, p.brandId)))
      : null,
    p.bundleDealId
      ? one(
          db
            .select()
            .from(bundleDeals)
            .where(and(eq(bundleDeals.id, p.bundleDealId), eq(bundleDeals.status, 1)))
            .orderBy(asc(bundleDeals.id)),
        )
      : null,
    p.shippingRuleId ? one(db.select().from(shippingRules).where(eq(shippingRules.id, p.shippingRuleId))) : null,
  ]);
  if (!store || !category) throw notFound('thisProduct');
  const [categoryIn, subIn, brandIn] = await Promise.all([
    localName('category', category),
    localName('sub_category', sub),
    localName('brand', brand),
  ]);
  return {
    store: {
      id: store.id,
      slug: store.slug,
      name: store.name,
      logo: store.logo,
      rating: Number(store.rating),
      joined_at: store.createdAt.toISOString(),
    },
    category: categoryIn!,
    sub_category: subIn,
    brand: brandIn,
    bundle_deal: bundle ? { id: bundle.id, title: bundle.title, buy: bundle.buy, free: bundle.free } : null,
    shipping: shipping
      ? {
          title: shipping.title,
          shipping_type: shipping.shippingType,
          day_needed: shipping.dayNeeded,
          default_price: shipping.defaultPrice,
        }
      : null,
  };
}
