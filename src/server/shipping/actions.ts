import type { z } from 'zod';
import { defineAction, type Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { defineQuery } from '@/server/core/query';
import {
  ShippingListSchema,
  ShippingRuleIdSchema,
  ShippingRuleWriteSchema,
  StoreShippingSchema,
  TaxRateIdSchema,
  TaxRateWriteSchema,
} from '@/lib/schemas/settings-admin';
import { deleteShippingRule, getShippingRule, listShipping, saveShippingRule, saveStoreShipping } from '@/server/shipping/rules-manage';
import { deleteTaxRate, getTaxRate, listTaxRates, saveTaxRate } from '@/server/checkout/tax-manage';

/**
 * The operator's shipping and tax screens (`/admin/shipping`, `/admin/tax`, their `api/v1/admin/…` twins). Both
 * are the shop's settings (`update:setting`). Checkout reads rules and rates on each request; `catalog` is
 * announced because product pages and kept pages show a product's shipping. The seller's twins (their own store's
 * rules on `/seller/store/shipping`) call the same service with `update:product`: whoever runs a store's
 * catalogue sets what its shipping costs.
 */

/** A rule saved or deleted in the caller's scope (every store, or a seller's own): the operator's and the seller's actions. */
async function saveRule(input: z.output<typeof ShippingRuleWriteSchema>, _actor: Actor, { scope, tx, audit }: Access) {
  const { before, after } = await saveShippingRule(tx, input, scope);
  audit({ entity: 'shipping_rule', entityId: after.id, before, after });
  return after;
}

async function deleteRule({ id }: z.output<typeof ShippingRuleIdSchema>, _actor: Actor, { scope, tx, audit }: Access) {
  const before = await deleteShippingRule(tx, id, scope);
  audit({ entity: 'shipping_rule', entityId: id, before, after: null });
  return { id, deleted: true, store_id: before.store_id };
}

export const shippingList = defineQuery({
  name: 'shipping.list',
  input: ShippingListSchema,
  auth: { can: 'update:setting' },
  run: (_input, _actor, scope) => listShipping(scope),
});

export const shippingRuleOne = defineQuery({
  name: 'shipping.one',
  input: ShippingRuleIdSchema,
  auth: { can: 'update:setting' },
  run: ({ id }, _actor, scope) => getShippingRule(id, scope),
});

export const saveShippingRuleAction = defineAction({
  name: 'shipping.save',
  input: ShippingRuleWriteSchema,
  auth: { can: 'update:setting' },
  invalidates: ['catalog'],
  run: saveRule,
  message: 'backoffice.shipping.saved',
  back: (r) => `/admin/shipping/${r.id}`,
});

export const deleteShippingRuleAction = defineAction({
  name: 'shipping.delete',
  input: ShippingRuleIdSchema,
  auth: { can: 'update:setting' },
  invalidates: ['catalog'],
  run: deleteRule,
  message: 'backoffice.shipping.deleted',
  back: (r) => `/admin/shipping#store-${r.store_id}`,
});

export const sellerShippingList = defineQuery({
  name: 'seller.shipping.list',
  input: ShippingListSchema,
  auth: { can: 'update:product' },
  run: (_input, _actor, scope) => listShipping(scope),
});

export const sellerShippingRuleOne = defineQuery({
  name: 'seller.shipping.one',
  input: ShippingRuleIdSchema,
  auth: { can: 'update:product' },
  run: ({ id }, _actor, scope) => getShippingRule(id, scope),
});

export const sellerSaveShippingRuleAction = defineAction({
  name: 'seller.shipping.save',
  input: ShippingRuleWriteSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: saveRule,
  message: 'backoffice.shipping.saved',
  back: (r) => `/seller/store/shipping/${r.id}`,
});

export const sellerDeleteShippingRuleAction = defineAction({
  name: 'seller.shipping.delete',
  input: ShippingRuleIdSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: deleteRule,
  message: 'backoffice.shipping.deleted',
  back: '/seller/store#shipping',
});

export const saveStoreShippingAction = defineAction({
  name: 'shipping.store',
  input: StoreShippingSchema,
  auth: { can: 'update:setting' },
  invalidates: ['catalog', 'stores'],
  run: async (input, _actor, { scope, tx, audit }) => {
    const change = await saveStoreShipping(tx, input, scope);
    audit({ entity: 'store', entityId: input.store_id, ...change });
    return { store_id: input.store_id, ...change.after };
  },
  message: 'backoffice.shipping.storeSaved',
  back: '/admin/shipping',
});

export const taxList = defineQuery({
  name: 'tax.list',
  input: ShippingListSchema,
  auth: { can: 'update:setting' },
  run: () => listTaxRates(),
});

export const taxOne = defineQuery({
  name: 'tax.one',
  input: TaxRateIdSchema,
  auth: { can: 'update:setting' },
  run: ({ id }) => getTaxRate(id),
});

export const saveTaxRateAction = defineAction({
  name: 'tax.save',
  input: TaxRateWriteSchema,
  auth: { can: 'update:setting' },
  // Nothing keeps a rate: checkout reads it per quote. Kept pages do not show tax.
  invalidates: ['settings'],
  run: async (input, _actor, { tx, audit }) => {
    const { before, after } = await saveTaxRate(tx, input);
    audit({ entity: 'tax_rate', entityId: after.id, before, after });
    return after;
  },
  message: 'backoffice.tax.saved',
  back: '/admin/tax',
});

export const deleteTaxRateAction = defineAction({
  name: 'tax.delete',
  input: TaxRateIdSchema,
  auth: { can: 'update:setting' },
  invalidates: ['settings'],
  run: async ({ id }, _actor, { tx, audit }) => {
    const before = await deleteTaxRate(tx, id);
    audit({ entity: 'tax_rate', entityId: id, before, after: null });
    return before;
  },
  message: 'backoffice.tax.deleted',
  back: '/admin/tax',
});
