import { defineAction, userOf } from './action-shape';
import { ProductListSchema } from '../../lib/schemas/lists';
import { toggleWishlist, type ListToggle } from './wishlist';
import { toggleCompare } from './compare';

/** The spec's answer: data is truthy when the product is now on the list, null otherwise. */
export type ListData = { product_id: number; count: number; wishlisted?: 1 } | null;

const onList = (r: ListToggle, extra: { wishlisted?: 1 } = {}): ListData => (r.on ? { product_id: r.product_id, count: r.count, ...extra } : null);

/** `user/wishlist/action {product_id}`: toggles; guests get 401 (pages send them to /login and back). */
export const toggleWishlistAction = defineAction({
  input: ProductListSchema,
  auth: 'user',
  run: async (input, actor) => onList(await toggleWishlist(userOf(actor).id, input.product_id, input.on), { wishlisted: 1 }),
  message: (data) => (data ? 'lists.wishlistAdded' : 'lists.wishlistRemoved'),
});

/** `user/compare-list/action {product_id}`: toggles; at most 4 products of one category (409 with the reason). */
export const toggleCompareAction = defineAction({
  input: ProductListSchema,
  auth: 'user',
  run: async (input, actor) => onList(await toggleCompare(userOf(actor).id, input.product_id, input.on)),
  message: (data) => (data ? 'lists.compareAdded' : 'lists.compareRemoved'),
});
