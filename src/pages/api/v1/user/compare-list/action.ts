import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { toggleCompareAction } from '@/server/lists/actions';

/** `{product_id}`: toggles the product on the compared list (at most 4 of one category; the reason in data.form). */
export const ALL = route({ POST: serveAction(toggleCompareAction) });
