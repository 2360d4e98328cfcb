import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { toggleWishlistAction } from '@/server/lists/actions';

/** `{product_id}`: toggles the product on the wishlist; data is truthy when it is now wishlisted, else null. */
export const ALL = route({ POST: serveAction(toggleWishlistAction) });
