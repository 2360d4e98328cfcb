import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { flashSaleProducts, flashSales, products } from '../db/schema';

/** What every response carries for a product (DESIGN.md): prices in cents, flash price and its end. */
export interface ProductCard {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  selling: number;
  offered: number;
  /** Flash price, when the product is in a running flash sale. */
  price: number | null;
  end_time: string | null;
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
    .where(and(inArray(flashSaleProducts.productId, ids), eq(flashSales.status, 1), lte(flashSales.startsAt, now), gt(flashSales.endsAt, now)))
    .orderBy(sql`${flashSaleProducts.price} asc`);
  const map = new Map<number, { price: number; endsAt: Date }>();
  for (const r of rows) if (!map.has(r.productId)) map.set(r.productId, { price: r.price, endsAt: r.endsAt });
  return map;
}

/** Shapes rows into cards, attaching running flash prices. */
export async function toCards(db: Tx, rows: CardRow[], wishlisted: Set<number> = new Set()): Promise<ProductCard[]> {
  const flash = await flashPricesFor(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const f = flash.get(r.id);
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      image: r.image,
      selling: r.selling,
      offered: r.offered,
      price: f?.price ?? null,
      end_time: f?.endsAt.toISOString() ?? null,
      rating: Number(r.rating),
      review_count: r.reviewCount,
      in_stock: r.stock > 0,
      wishlisted: wishlisted.has(r.id) ? 1 : null,
    };
  });
}
