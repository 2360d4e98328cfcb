/**
 * A store's shipping rules, edited by its seller (`/seller/store`): each rule's fee per country or state
 * (`shipping_places`; no state: the whole country) and the fee of places it does not list. The cart and checkout
 * read the rules live (cart/view.ts), so a change prices the next quote. Another store's rule or place is 404.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { shippingPlaces, shippingRules } from '@/server/db/schema';
import { notFound } from '@/server/core/errors';
import type { Access } from '@/server/core/action';
import type { Scope } from '@/server/core/policy';
import { storeIdFor } from '@/server/stores/profile';
import type { ShippingPlaceInput, ShippingRuleInput } from '@/lib/schemas/store-shipping';

export interface StoreShippingRule {
  id: number;
  title: string;
  allow_others: boolean;
  default_price: number;
  places: { id: number; country: string; state: string | null; price: number }[];
}

/** The rules of the store the caller means (theirs, or one of several by `store_id`), with their places (a whole country first). */
export async function listStoreShipping(storeIdAsked: number | null, scope: Scope, db: Tx = getDb()) {
  const storeId = storeIdFor(scope, storeIdAsked);
  const rules = await db
    .select()
    .from(shippingRules)
    .where(and(eq(shippingRules.storeId, storeId), eq(shippingRules.shippingType, 1)))
    .orderBy(asc(shippingRules.id));
  const places = rules.length
    ? await db
        .select()
        .from(shippingPlaces)
        .where(
          inArray(
            shippingPlaces.shippingRuleId,
            rules.map((r) => r.id),
          ),
        )
        .orderBy(asc(shippingPlaces.countryCode), sql`${shippingPlaces.stateCode} asc nulls first`, asc(shippingPlaces.id))
    : [];
  return {
    store_id: storeId,
    rules: rules.map(
      (r): StoreShippingRule => ({
        id: r.id,
        title: r.title,
        allow_others: r.allowOthers,
        default_price: r.defaultPrice,
        places: places
          .filter((p) => p.shippingRuleId === r.id)
          .map((p) => ({ id: p.id, country: p.countryCode, state: p.stateCode, price: p.price })),
      }),
    ),
  };
}

/** The rule, locked, if it is the caller's store's; else 404. */
async function ruleOf(tx: Tx, ruleId: number, storeIdAsked: number | null, scope: Scope) {
  const storeId = storeIdFor(scope, storeIdAsked);
  const [rule] = await tx
    .select()
    .from(shippingRules)
    .where(and(eq(shippingRules.id, ruleId), eq(shippingRules.storeId, storeId)))
    .for('update');
  if (!rule) throw notFound('item');
  return rule;
}

/** Sets the fee of a country (or one of its states) on a rule: a new place, or the listed one's new fee. */
export async function saveShippingPlace(input: ShippingPlaceInput, { scope, tx, audit }: Access) {
  const rule = await ruleOf(tx, input.rule_id, input.store_id, scope);
  const same = (
    await tx
      .select()
      .from(shippingPlaces)
      .where(and(eq(shippingPlaces.shippingRuleId, rule.id), eq(shippingPlaces.countryCode, input.country)))
  ).find((p) => (p.stateCode ?? null) === input.state);
  let id: number;
  if (same) {
    await tx.update(shippingPlaces).set({ price: input.price }).where(eq(shippingPlaces.id, same.id));
    id = same.id;
  } else {
    const [row] = await tx
      .insert(shippingPlaces)
      .values({ shippingRuleId: rule.id, countryCode: input.country, stateCode: input.state, price: input.price, dayNeeded: rule.dayNeeded })
      .returning({ id: shippingPlaces.id });
    id = row!.id;
  }
  const after = { rule_id: rule.id, country: input.country, state: input.state, price: input.price };
  audit({ entity: 'shipping_place', entityId: id, before: same ? { price: same.price } : null, after });
  return { id, ...after };
}

/** Removes a place from a rule of the caller's store (a place of another store's rule is 404). */
export async function removeShippingPlace(input: { store_id: number | null; place_id: number }, { scope, tx, audit }: Access) {
  const [place] = await tx.select().from(shippingPlaces).where(eq(shippingPlaces.id, input.place_id));
  if (!place) throw notFound('item');
  await ruleOf(tx, place.shippingRuleId, input.store_id, scope);
  await tx.delete(shippingPlaces).where(eq(shippingPlaces.id, place.id));
  audit({
    entity: 'shipping_place',
    entityId: place.id,
    before: { rule_id: place.shippingRuleId, country: place.countryCode, state: place.stateCode, price: place.price },
    after: null,
  });
  return { id: place.id, removed: true };
}

/** What places the rule does not list pay: refused, or the default fee. */
export async function saveShippingRule(input: ShippingRuleInput, { scope, tx, audit }: Access) {
  const rule = await ruleOf(tx, input.rule_id, input.store_id, scope);
  await tx
    .update(shippingRules)
    .set({ allowOthers: input.allow_others, defaultPrice: input.default_price })
    .where(eq(shippingRules.id, rule.id));
  audit({
    entity: 'shipping_rule',
    entityId: rule.id,
    before: { allow_others: rule.allowOthers, default_price: rule.defaultPrice },
    after: { allow_others: input.allow_others, default_price: input.default_price },
  });
  return { id: rule.id, allow_others: input.allow_others, default_price: input.default_price };
}
