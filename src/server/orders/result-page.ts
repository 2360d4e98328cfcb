import { getDb } from '@/server/db/client';
import { isAppError } from '@/server/core/errors';
import { purchaseOf, type Purchase } from '@/server/orders/find';
import { visitOnce } from '@/server/orders/visits';

/**
 * The success or fail page of an order: the spec's one visit (a later visit goes home), only for the
 * order's own user. 'missing' for an id that is not theirs (the not-found page).
 */
export async function orderResultPage(
  userId: number,
  rawId: string | undefined,
  link: 'success' | 'fail',
): Promise<Purchase | 'home' | 'missing'> {
  const id = rawId && /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  if (id === null) return 'missing';
  try {
    if ((await visitOnce(userId, id, link)) === 'home') return 'home';
    return await purchaseOf(getDb(), id, userId);
  } catch (err) {
    if (isAppError(err) && err.code === 'NOT_FOUND') return 'missing';
    throw err;
  }
}
