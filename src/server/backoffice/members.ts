import { asc, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { storeMembers, stores } from '@/server/db/schema';

/** The stores a user works for as a seller (their `own` scope), lowest id first. */
export async function storeIdsOfUser(userId: number, db: Tx = getDb()): Promise<number[]> {
  const rows = await db
    .select({ id: storeMembers.storeId })
    .from(storeMembers)
    .where(eq(storeMembers.userId, userId))
    .orderBy(asc(storeMembers.storeId));
  return rows.map((r) => r.id);
}

/** The stores of a scope's ids with their names, for the seller panel's header and filters. */
export async function storesNamed(ids: readonly number[], db: Tx = getDb()): Promise<{ id: number; name: string; slug: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: stores.id, name: stores.name, slug: stores.slug })
    .from(stores)
    .where(inArray(stores.id, [...ids]))
    .orderBy(asc(stores.id));
}
