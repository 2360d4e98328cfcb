import { z } from 'zod';
import { AppError } from '../http/errors';
import { CartActionSchema, CartChangeSchema, CartLineIdSchema, CartShippingSchema } from '../../lib/schemas/cart';
import { defineAction, type Actor } from './action-shape';
import { addToCart, buyNow } from './add';
import { changeCart, deleteLine, updateShipping } from './change';
import { ownerOf, type CartOwner } from './owner';

/** The cart's owner; the runner gives a guest a token before a 'guest-or-user' action runs. */
function ownerFor(actor: Actor): CartOwner {
  const owner = ownerOf(actor);
  if (!owner) throw new AppError({ code: 'UNAUTHENTICATED', message: 'Your browser sent no guest token. Please allow cookies and try again.' });
  return owner;
}

/** POST cart/action `{product_id, quantity, inventory_id?, bundle_deal_id?, set?}` → `{id, quantity, cartCount}`. */
export const addToCartAction = defineAction({
  input: CartActionSchema,
  auth: 'guest-or-user',
  run: (input, actor) => addToCart(ownerFor(actor), input),
  message: (_r, input) => (input.set ? 'cart.quantityUpdated' : 'cart.productAdded'),
});

/** POST cart/buy-now (same body): the line, alone checked, ready for shipping. */
export const buyNowAction = defineAction({
  input: CartActionSchema,
  auth: 'guest-or-user',
  run: (input, actor) => buyNow(ownerFor(actor), input),
  message: 'cart.buyNowReady',
  // Shipping (/shipping) arrives with checkout; until then the shopper lands on the cart.
  back: '/cart',
});

/** POST cart/change `{checked: [ids], unchecked: [ids], isBundle?}` → `{cartCount}`. */
export const changeCartAction = defineAction({
  input: CartChangeSchema,
  auth: 'guest-or-user',
  run: (input, actor) => changeCart(ownerFor(actor), input),
  message: 'cart.updated',
  back: '/cart',
});

/** POST cart/update-shipping `{address_id, shipping_type}` (1 location, 2 pickup). */
export const updateShippingAction = defineAction({
  input: CartShippingSchema,
  auth: 'user',
  run: (input, actor) => updateShipping(actor.user!.id, input),
  message: 'cart.shippingUpdated',
  back: '/cart',
});

/** DELETE cart/{id} (a plain form posts `id` to the same path) → `{id, cartCount}`. */
export const deleteLineAction = defineAction({
  input: CartLineIdSchema,
  auth: 'guest-or-user',
  run: (input: z.infer<typeof CartLineIdSchema>, actor) => deleteLine(ownerFor(actor), input.id),
  message: 'cart.deleted',
  back: '/cart',
});
