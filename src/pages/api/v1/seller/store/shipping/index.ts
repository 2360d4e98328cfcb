import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveShippingPlaceAction, storeShippingList } from '@/server/stores/shipping-actions';

/** GET: the store's shipping rules with their places. POST `{rule_id, country, state?, price}`: a place's fee. */
export const ALL = route({ GET: serveQuery(storeShippingList), POST: serveAction(saveShippingPlaceAction) });
