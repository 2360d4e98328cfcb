import { and, eq, exists, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { flashSaleProducts, flashSales, inventories, inventoryAttributes, products } from '@/server/db/schema';
import { cardPriceOf } from '@/lib/price';
import type { ApiCard } from '@/lib/api-card';

/** What every response carries for a product (DESIGN.md): prices in cents, flash price and its end. */
export interface ProductCard extends ApiCard {
  /** Price of each variant with attributes (0 = the product's own price); empty without variants. */
  variant_prices: number[];
  /** The price rule's figure for this card (the cheapest variant's, when variants differ: "from"). */
  current_price: number;
  previous_price: number | null;
  discount_percent: number;
  /** The variants differ in price, so `current_price` is a "from" price. */
  price_from: boolean;
  rating: number;
  review_count: number;
  in_stock: boolean;
  wishlisted: 1 | null;
}

/** Columns needed to build a card; select these then call toCards. */
export const cardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  image: products.image,
  selling: products.selling,
  offered: products.offered,
  rating: products.rating,
  reviewCount: products.reviewCount,
  stock: products.stock,
};

type Column<K extends keyof typeof cardColumns> = (typeof cardColumns)[K]['_'];
type CardRow = { [K in keyof typeof cardColumns]: Column<K>['notNull'] extends true ? Column<K>['data'] : Column<K>['data'] | null };

/** Running flash prices for these products, keyed by product id. */
export async function flashPricesFor(db: Tx, ids: number[], now = new Date()) {
  if (!ids.length) return new Map<number, { price: number; endsAt: Date }>();
  const rows = await db
    .select({ productId: flashSaleProducts.productId, price: flashSaleProducts.price, endsAt: flashSales.endsAt })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
    .where(
      and(inArray(flashSaleProducts.productId, ids), eq(flashSales.status, 1), lte(flashSales.startsAt, now), gt(flashSales.endsAt, now)),
    )
    .orderBy(sql`${flashSaleProducts.price} asc`);
  const map = new Map<number, { price: number; endsAt: Date }>();
  for (const r of rows) if (!map.has(r.productId)) map.set(r.productId, { price: r.price, endsAt: r.endsAt });
  return map;
}

/** Prices of the variants that have attributes, keyed by product id (the variant rule of priceOf). */
export async function variantPricesFor(db: Tx, ids: number[]) {
  const map = new Map<number, number[]>();
  if (!ids.length) return map;
  const rows = await db
    .select({ productId: inventories.productId, price: inventories.price })
    .from(inventories)
    .where(
      and(
        inArray(inventories.productId, ids),
        exists(
          db
            .select({ one: sql`1` })
            .from(inventoryAttributes)
            .where(eq(inventoryAttributes.inventoryId, inventories.id)),
        ),
      ),
    )
    .orderBy(inventories.id);
  for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), r.price]);
  return map;
}

/** Shapes rows into cards, attaching running flash prices, variant prices and the price rule's figure. */
export async function toCards(db: Tx, rows: CardRow[], wishlisted: Set<number> = new Set(), now = new Date()): Promise<ProductCard[]> {
  const ids = rows.map((r) => r.id);
  const [flash, variants] = await Promise.all([flashPricesFor(db, ids, now), variantPricesFor(db, ids)]);
  return rows.map((r) => {
    const f = flash.get(r.id);
    const variantPrices = variants.get(r.id) ?? [];
    const p = cardPriceOf(
      { selling: r.selling, offered: r.offered, flashPrice: f?.price ?? null, endTime: f?.endsAt ?? null, variantPrices },
      now.getTime(),
    );
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      image: r.image,
      selling: r.selling,
      offered: r.offered,
      price: f?.price ?? null,
      end_time: f?.endsAt.toISOString() ?? null,
      variant_prices: variantPrices,
      current_price: p.current,
      previous_price: p.previous,
      discount_percent: p.discountPercent,
      price_from: p.from,
      rating: Number(r.rating),
      review_count: r.reviewCount,
      in_stock: r.stock > 0,
      wishlisted: wishlisted.has(r.id) ? 1 : null,
    };
  });
}
