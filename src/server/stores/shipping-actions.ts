import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { RemoveShippingPlaceSchema, ShippingPlaceSchema, ShippingRuleSchema, StoreShippingQuerySchema } from '@/lib/schemas/store-shipping';
import { listStoreShipping, removeShippingPlace, saveShippingPlace, saveShippingRule } from '@/server/stores/shipping';

/**
 * A store's shipping rules on `/seller/store` (`api/v1/seller/store/shipping…`). Like the store profile, they open
 * with `update:product`: whoever runs the store's catalogue sets what shipping it costs.
 */

export const storeShippingList = defineQuery({
  name: 'stores.shipping',
  input: StoreShippingQuerySchema,
  auth: { can: 'update:product' },
  run: (input, _actor, scope) => listStoreShipping(input.store_id, scope),
});


// The cart and checkout read the rules live; product pages show the shipping fee (`catalog`).
export const saveShippingPlaceAction = defineAction({
  name: 'stores.shipping.place',
  input: ShippingPlaceSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: (input, _actor, access) => saveShippingPlace(input, access),
  message: 'backoffice.storeShipping.saved',
  back: '/seller/store#shipping',
});

export const removeShippingPlaceAction = defineAction({
  name: 'stores.shipping.remove',
  input: RemoveShippingPlaceSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: (input, _actor, access) => removeShippingPlace(input, access),
  message: 'backoffice.storeShipping.saved',
  back: '/seller/store#shipping',
});

export const saveShippingRuleAction = defineAction({
  name: 'stores.shipping.rule',
  input: ShippingRuleSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: (input, _actor, access) => saveShippingRule(input, access),
  message: 'backoffice.storeShipping.saved',
  back: '/seller/store#shipping',
});
