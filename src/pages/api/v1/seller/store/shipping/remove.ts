import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { removeShippingPlaceAction } from '@/server/stores/shipping-actions';

/** POST `{place_id}`: removes a place from one of the store's shipping rules. */
export const ALL = route({ POST: serveAction(removeShippingPlaceAction) });
