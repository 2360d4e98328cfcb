import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { saveStoreShippingAction } from '@/server/shipping/actions';

/** POST `{store_id, free_shipping_min, pickup_points}`: a store's free-shipping minimum (cents) and pickup points. */
export const ALL = route({ POST: serveAction(saveStoreShippingAction) });
