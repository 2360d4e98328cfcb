import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { reviewsModerationList } from '@/server/reviews/queries';

/** Reviews to moderate: `?status=shown|hidden&reported=1&rating=&product_id=&q=&cursor=&per_page=` → `{items, next_cursor}`, reported first. */
export const ALL = route({ GET: serveQuery(reviewsModerationList) });
