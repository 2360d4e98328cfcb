import { and, asc, count, eq, sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { storeFollowers, stores } from '@/server/db/schema';
import { notFound } from '@/server/core/errors';

/** What a store page and `api/v1/store/{slug}` show about the store itself. */
export interface StoreProfile {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
  banner: string | null;
  description: string;
  rating: number;
  review_count: number;
  followers: number;
  product_count: number;
  /** When the store opened (the spec's "date"). */
  since: string;
  /** Where shoppers may collect orders (one place a line), as the seller wrote them; '' when none. */
  pickup_points: string;
  /** Where returns go; '' when the seller gave none. */
  return_address: string;
}

// Drizzle writes bare column names inside sql``, so the subqueries name their tables themselves.
const reviewCount =
  sql<number>`(select count(*) from reviews r join products p on p.id = r.product_id where p.store_id = "stores"."id" and r.status = 1)`.mapWith(
    Number,
  );
const followerCount = sql<number>`(select count(*) from store_followers f where f.store_id = "stores"."id")`.mapWith(Number);
const productCount = sql<number>`(select count(*) from products p where p.store_id = "stores"."id" and p.status = 1)`.mapWith(Number);

const profileColumns = {
  id: stores.id,
  slug: stores.slug,
  name: stores.name,
  logo: stores.logo,
  banner: stores.banner,
  description: stores.description,
  rating: stores.rating,
  openedOn: stores.openedOn,
  createdAt: stores.createdAt,
  pickupPoints: stores.pickupPoints,
  returnAddress: stores.returnAddress,
  reviewCount,
  followerCount,
  productCount,
};

type ProfileRow = {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
  banner: string | null;
  description: string;
  rating: string;
  openedOn: string | null;
  createdAt: Date;
  pickupPoints: string;
  returnAddress: string | null;
  reviewCount: number;
  followerCount: number;
  productCount: number;
};

const toProfile = (r: ProfileRow): StoreProfile => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  logo: r.logo,
  banner: r.banner,
  description: r.description,
  rating: Number(r.rating),
  review_count: r.reviewCount,
  followers: r.followerCount,
  product_count: r.productCount,
  // The day the seller says the store opened (store profile), else the day it was created.
  since: r.openedOn ? new Date(`${r.openedOn}T00:00:00Z`).toISOString() : r.createdAt.toISOString(),
  pickup_points: r.pickupPoints.trim(),
  return_address: (r.returnAddress ?? '').trim(),
});

/** An open store by slug; NOT_FOUND for unknown or closed stores. */
export async function getStoreProfile(slug: string): Promise<StoreProfile> {
  const [row] = await getDb()
    .select(profileColumns)
    .from(stores)
    .where(and(eq(stores.slug, slug), eq(stores.status, 1)));
  if (!row) throw notFound('theStore');
  return toProfile(row);
}

/** Every open store, by name. */
export async function listStores(): Promise<StoreProfile[]> {
  const rows = await getDb().select(profileColumns).from(stores).where(eq(stores.status, 1)).orderBy(asc(stores.name));
  return rows.map(toProfile);
}

/** Whether this user follows this store. */
export async function isFollowing(userId: number, storeId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(storeFollowers)
    .where(and(eq(storeFollowers.userId, userId), eq(storeFollowers.storeId, storeId)));
  return Number(row?.n ?? 0) > 0;
}
