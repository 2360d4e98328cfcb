import { defineAction } from '@/server/core/action';
import { signedInUser } from '@/server/core/actor';
import { ProductListSchema } from '@/lib/schemas/lists';
import { toggleWishlist, type ListToggle } from '@/server/lists/wishlist';
import { toggleCompare } from '@/server/lists/compare';

/** The spec's answer: data is truthy when the product is now on the list, null otherwise. */
export type ListData = { product_id: number; count: number; wishlisted?: 1 } | null;

const onList = (r: ListToggle, extra: { wishlisted?: 1 } = {}): ListData =>
  r.on ? { product_id: r.product_id, count: r.count, ...extra } : null;

/** `user/wishlist/action {product_id, on?}`: toggles (or sets); guests get 401, a guest's plain form goes to /login and back. */
export const toggleWishlistAction = defineAction({
  name: 'lists.wishlist',
  input: ProductListSchema,
  auth: 'user',
  run: (input, actor) => toggleWishlist(signedInUser(actor).id, input.product_id, input.on),
  message: (r, t) => t(r.on ? 'lists.wishlistAdded' : 'lists.wishlistRemoved'),
  data: (r) => onList(r, { wishlisted: 1 }),
});

/** `user/compare-list/action {product_id, on?}`: toggles (or sets); at most 4 products of one category (409 with the reason). */
export const toggleCompareAction = defineAction({
  name: 'lists.compare',
  input: ProductListSchema,
  auth: 'user',
  run: (input, actor) => toggleCompare(signedInUser(actor).id, input.product_id, input.on),
  message: (r, t) => t(r.on ? 'lists.compareAdded' : 'lists.compareRemoved'),
  data: (r) => onList(r),
});
