import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { storeReviewsList } from '@/server/reviews/reply-actions';

/** Reviews of the store's products: `?q=&replied=yes|no&rating=&cursor=&per_page=` → `{items, next_cursor}`. */
export const ALL = route({ GET: serveQuery(storeReviewsList) });
