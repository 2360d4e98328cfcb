import { AppError } from '@/server/core/errors';
import { defineAction } from '@/server/core/action';
import { signedInUser, type Actor } from '@/server/core/actor';
import { CartActionSchema, CartChangeSchema, CartLineIdSchema, CartShippingSchema } from '@/lib/schemas/cart';
import { addToCart, buyNow } from '@/server/cart/add';
import { changeCart, deleteLine, updateShipping } from '@/server/cart/change';
import { ownerOf, type CartOwner } from '@/server/cart/owner';

/** The cart's owner; the cart routes give a guest a token before these actions run (web/cart-actions.ts). */
function ownerFor(actor: Actor): CartOwner {
  const owner = ownerOf(actor);
  if (!owner)
    throw new AppError({ code: 'UNAUTHENTICATED', message: 'Your browser sent no guest token. Please allow cookies and try again.' });
  return owner;
}

/** POST cart/action `{product_id, quantity, inventory_id?, bundle_deal_id?, set?}` → `{id, quantity, cartCount}`. */
export const addToCartAction = defineAction({
  name: 'cart.add',
  input: CartActionSchema,
  auth: 'any',
  run: async (input, actor) => ({ ...(await addToCart(ownerFor(actor), input)), set: Boolean(input.set) }),
  message: (r, t) => t(r.set ? 'cart.quantityUpdated' : 'cart.productAdded'),
  data: ({ id, quantity, cartCount }) => ({ id, quantity, cartCount }),
});

/** POST cart/buy-now (same body): the line, alone checked, ready for shipping. */
export const buyNowAction = defineAction({
  name: 'cart.buyNow',
  input: CartActionSchema,
  auth: 'any',
  run: (input, actor) => buyNow(ownerFor(actor), input),
  message: 'cart.buyNowReady',
  back: '/shipping',
});

/** POST cart/change `{checked: [ids], unchecked: [ids], isBundle?}` → `{cartCount}`. */
export const changeCartAction = defineAction({
  name: 'cart.change',
  input: CartChangeSchema,
  auth: 'any',
  run: (input, actor) => changeCart(ownerFor(actor), input),
  message: 'cart.updated',
  back: '/cart',
});

/** POST cart/update-shipping `{address_id, shipping_type}` (1 location, 2 pickup). */
export const updateShippingAction = defineAction({
  name: 'cart.shipping',
  input: CartShippingSchema,
  auth: 'user',
  run: (input, actor) => updateShipping(signedInUser(actor).id, input),
  message: 'cart.shippingUpdated',
  back: '/cart',
});

/** DELETE cart/{id} (a plain form posts to the same path) → `{id, cartCount}`. */
export const deleteLineAction = defineAction({
  name: 'cart.delete',
  input: CartLineIdSchema,
  auth: 'any',
  run: (input, actor) => deleteLine(ownerFor(actor), input.id),
  message: 'cart.deleted',
  back: '/cart',
});
