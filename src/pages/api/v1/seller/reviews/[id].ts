import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { storeReviewOne } from '@/server/reviews/reply-actions';

/** One review of the store's products, with the store's reply. */
export const ALL = route({ GET: serveQuery(storeReviewOne) });
