import { eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { compareLists, wishlists } from '@/server/db/schema';

/** Which products a user has on the wishlist and the compared list: hearts and compare buttons show it. */
export interface ListMarks {
  wishlist: ReadonlySet<number>;
  compare: ReadonlySet<number>;
}

const EMPTY: ListMarks = { wishlist: new Set(), compare: new Set() };

/** The user's marks; a guest has none. Two small index reads. */
export async function listMarksOf(userId: number | null): Promise<ListMarks> {
  if (userId === null) return EMPTY;
  const db = getDb();
  const [w, c] = await Promise.all([
    db.select({ id: wishlists.productId }).from(wishlists).where(eq(wishlists.userId, userId)),
    db.select({ id: compareLists.productId }).from(compareLists).where(eq(compareLists.userId, userId)),
  ]);
  return { wishlist: new Set(w.map((r) => r.id)), compare: new Set(c.map((r) => r.id)) };
}

const perRequest = new WeakMap<object, Promise<ListMarks>>();

/**
 * The marks once per request, however many tiles ask: `key` is any object that lives as long as the
 * request (a page passes its locals).
 */
export function marksForRequest(key: object, userId: number | null): Promise<ListMarks> {
  let marks = perRequest.get(key);
  if (!marks) {
    marks = listMarksOf(userId);
    perRequest.set(key, marks);
  }
  return marks;
}
