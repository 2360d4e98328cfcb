import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { storeFollowers, stores } from '@/server/db/schema';
import { notFound } from '@/server/core/errors';

export interface FollowedStore {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
  rating: number;
  followed_at: string;
}

/** Stores the user follows, most recently followed first. */
export async function listFollowedStores(userId: number): Promise<FollowedStore[]> {
  const rows = await getDb()
    .select({ id: stores.id, slug: stores.slug, name: stores.name, logo: stores.logo, rating: stores.rating, at: storeFollowers.createdAt })
    .from(storeFollowers)
    .innerJoin(stores, eq(stores.id, storeFollowers.storeId))
    .where(eq(storeFollowers.userId, userId))
    .orderBy(desc(storeFollowers.createdAt), desc(stores.id));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    logo: r.logo,
    rating: Number(r.rating),
    followed_at: r.at.toISOString(),
  }));
}

/**
 * Follows or unfollows a store; `follow` undefined toggles. Idempotent: following twice stays one
 * row, unfollowing a store not followed is fine. Returns whether the user now follows it.
 */
export async function setFollowing(
  userId: number,
  storeId: number,
  follow?: boolean,
): Promise<{ following: boolean; followers: number; store: { id: number; slug: string; name: string } }> {
  const db = getDb();
  const [store] = await db
    .select({ id: stores.id, slug: stores.slug, name: stores.name })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.status, 1)));
  if (!store) throw notFound('theStore');
  const mine = and(eq(storeFollowers.storeId, storeId), eq(storeFollowers.userId, userId));
  let want = follow;
  if (want === undefined) {
    const [row] = await db.select({ s: storeFollowers.storeId }).from(storeFollowers).where(mine);
    want = !row;
  }
  if (want) await db.insert(storeFollowers).values({ storeId, userId }).onConflictDoNothing();
  else await db.delete(storeFollowers).where(mine);
  return { following: want, followers: await countFollowers(storeId), store };
}

/** How many people follow a store. */
export async function countFollowers(storeId: number): Promise<number> {
  return getDb().$count(storeFollowers, eq(storeFollowers.storeId, storeId));
}
