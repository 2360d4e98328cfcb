import { route } from '../../../../../server/http/route';
import { serveDeclared } from '../../../../../server/http/declared-action';
import { toggleWishlistAction } from '../../../../../server/lists/actions';

/** `{product_id}`: toggles the product on the wishlist; data is truthy when it is now wishlisted, else null. */
export const ALL = route({ POST: serveDeclared(toggleWishlistAction) });
