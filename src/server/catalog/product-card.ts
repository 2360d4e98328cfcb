import { and, eq, exists, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { flashSaleProducts, flashSales, inventories, inventoryAttributes, products } from '@/server/db/schema';
import { cardPriceOf } from '@/lib/price';
import type { ApiCard } from '@/lib/api-card';
import { localProductTitle } from '@/server/catalog/translations';

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

/**
 * Columns needed to build a card; select these then call toCards. The title is in the request's language
 * (translations.ts: the column itself in the default language, the translation read in the same query otherwise).
 */
export const cardColumns = {
  id: products.id,
  slug: products.slug,
  title: localProductTitle() as unknown as typeof products.title,
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
        sql`${inventories.archivedAt} is null`,
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

/**
 * A card's running flash price and its variants' prices, read inside the query that selects the cards
 * (one round trip instead of three, for the search popup): add these to `cardColumns`, then call cardsOf.
 */
// Qualified by hand: inside a select list drizzle writes a column of the queried table unqualified ("id"),
// which the subquery would read as its own table's id.
const productId = sql.raw('"products"."id"');

export const cardPriceColumns = {
  flash: sql<{ price: number; ends_at: string } | null>`(
    select json_build_object('price', fp.price, 'ends_at', f.ends_at) from ${flashSaleProducts} fp
    join ${flashSales} f on f.id = fp.flash_sale_id
    where fp.product_id = ${productId} and f.status = 1 and f.starts_at <= now() and f.ends_at > now()
    order by fp.price asc limit 1)`,
  variantPrices: sql<number[] | null>`(
    select array_agg(i.price order by i.id) from ${inventories} i
    where i.product_id = ${productId} and exists (select 1 from ${inventoryAttributes} a where a.inventory_id = i.id))`,
};

type PricedRow = CardRow & { flash: { price: number; ends_at: string } | null; variantPrices: number[] | null };

/** Cards from rows that carry `cardPriceColumns` (no further query). */
export function cardsOf(rows: PricedRow[], wishlisted: Set<number> = new Set(), now = new Date()): ProductCard[] {
  return rows.map((r) =>
    shapeCard(
      r,
      r.flash && { price: Number(r.flash.price), endsAt: new Date(r.flash.ends_at) },
      (r.variantPrices ?? []).map(Number),
      wishlisted,
      now,
    ),
  );
}

/** Shapes rows into cards, attaching running flash prices, variant prices and the price rule's figure. */
export async function toCards(db: Tx, rows: CardRow[], wishlisted: Set<number> = new Set(), now = new Date()): Promise<ProductCard[]> {
  const ids = rows.map((r) => r.id);
  const [flash, variants] = await Promise.all([flashPricesFor(db, ids, now), variantPricesFor(db, ids)]);
  return rows.map((r) => shapeCard(r, flash.get(r.id), variants.get(r.id) ?? [], wishlisted, now));
}

function shapeCard(
  r: CardRow,
  f: { price: number; endsAt: Date } | null | undefined,
  variantPrices: number[],
  wishlisted: Set<number>,
  now: Date,
): ProductCard {
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
}
