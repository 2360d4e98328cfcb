import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { shippingPlaces, shippingRules, stores } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { inScope, storeIdsOf, type Scope } from '@/server/core/policy';
import { storeIdFor } from '@/server/stores/profile';
import type { ShippingRuleWriteInput, StoreShippingInput } from '@/lib/schemas/settings-admin';

/**
 * The one shipping-rule service of the back office, taking the caller's scope: the operator's (every store) or a
 * seller's (their own stores only; another store's rule is a 404). The operator's `/admin/shipping` and the
 * seller's `/seller/store/shipping` both call it. Checkout reads the rules afresh on every request (cart/view.ts),
 * so a saved change prices the next quote on every process. Amounts are whole cents; a free-shipping minimum of 0
 * means none (a place's 0 falls back to its rule's).
 */
export interface ShippingPlaceRow {
  country: string;
  state: string | null;
  price: number;
  day_needed: string;
  free_shipping_min: number;
}

export interface ShippingRuleRow {
  id: number;
  store_id: number;
  title: string;
  /** 1 delivery by place, 2 pickup. */
  shipping_type: 1 | 2;
  allow_others: boolean;
  default_price: number;
  day_needed: string;
  free_shipping_min: number;
  places: ShippingPlaceRow[];
}

export interface StoreShippingRow {
  id: number;
  name: string;
  free_shipping_min: number;
  pickup_points: string;
  rules: ShippingRuleRow[];
}

const RULE_NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.shipping.notFound' });
const STORE_NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.shipping.storeNotFound' });

async function rulesOf(db: Tx, where: { storeIds?: number[]; ruleId?: number }): Promise<ShippingRuleRow[]> {
  const rules = await db
    .select()
    .from(shippingRules)
    .where(
      and(
        where.storeIds ? (where.storeIds.length ? inArray(shippingRules.storeId, where.storeIds) : sql`false`) : undefined,
        where.ruleId ? eq(shippingRules.id, where.ruleId) : undefined,
      ),
    )
    .orderBy(asc(shippingRules.id));
  if (!rules.length) return [];
  const places = await db
    .select()
    .from(shippingPlaces)
    .where(
      inArray(
        shippingPlaces.shippingRuleId,
        rules.map((r) => r.id),
      ),
    )
    // A whole country before its states.
    .orderBy(asc(shippingPlaces.countryCode), sql`${shippingPlaces.stateCode} asc nulls first`, asc(shippingPlaces.id));
  return rules.map((r) => ({
    id: r.id,
    store_id: r.storeId ?? 0,
    title: r.title,
    shipping_type: r.shippingType === 2 ? 2 : 1,
    allow_others: r.allowOthers,
    default_price: r.defaultPrice,
    day_needed: r.dayNeeded,
    free_shipping_min: r.freeShippingMin,
    places: places
      .filter((p) => p.shippingRuleId === r.id)
      .map((p) => ({
        country: p.countryCode,
        state: p.stateCode,
        price: p.price,
        day_needed: p.dayNeeded,
        free_shipping_min: p.freeShippingMin,
      })),
  }));
}

/** The stores in the caller's scope, by name, each with its free-shipping minimum, pickup points and rules. */
export async function listShipping(scope: Scope, db: Tx = getDb()): Promise<{ items: StoreShippingRow[] }> {
  const ids = storeIdsOf(scope);
  const rows = await db
    .select({ id: stores.id, name: stores.name, free: stores.freeShippingMin, pickup: stores.pickupPoints })
    .from(stores)
    .where(ids === null ? undefined : ids.length ? inArray(stores.id, [...ids]) : sql`false`)
    .orderBy(asc(stores.name), asc(stores.id));
  const rules = await rulesOf(db, { storeIds: rows.map((r) => r.id) });
  return {
    items: rows.map((s) => ({
      id: s.id,
      name: s.name,
      free_shipping_min: s.free,
      pickup_points: s.pickup,
      rules: rules.filter((r) => r.store_id === s.id),
    })),
  };
}

/** One rule with its places (404 outside the scope). */
export async function getShippingRule(id: number, scope: Scope, db: Tx = getDb()): Promise<ShippingRuleRow> {
  const [rule] = await rulesOf(db, { ruleId: id });
  if (!rule || !inScope(scope, rule.store_id)) throw RULE_NOT_FOUND();
  return rule;
}

async function storeInScope(tx: Tx, storeId: number, scope: Scope) {
  if (!inScope(scope, storeId)) throw STORE_NOT_FOUND();
  const [store] = await tx
    .select({ id: stores.id, free: stores.freeShippingMin, pickup: stores.pickupPoints })
    .from(stores)
    .where(eq(stores.id, storeId))
    .for('update');
  if (!store) throw STORE_NOT_FOUND();
  return store;
}

/** Creates a rule, or replaces one (its fields and all its places) in the caller's transaction. */
export async function saveShippingRule(
  tx: Tx,
  input: ShippingRuleWriteInput,
  scope: Scope,
): Promise<{ before: ShippingRuleRow | null; after: ShippingRuleRow }> {
  let before: ShippingRuleRow | null = null;
  if (input.id) {
    [before = null] = await rulesOf(tx, { ruleId: input.id });
    if (!before || !inScope(scope, before.store_id)) throw RULE_NOT_FOUND();
  }
  // A seller's store is implied (theirs); an edited rule's is its own.
  const storeId = storeIdFor(scope, input.store_id ?? before?.store_id ?? null);
  await storeInScope(tx, storeId, scope);
  const values = {
    storeId,
    title: input.title,
    shippingType: input.shipping_type,
    allowOthers: input.allow_others,
    defaultPrice: input.default_price,
    dayNeeded: input.day_needed,
    freeShippingMin: input.free_shipping_min,
  };
  let id: number;
  if (input.id && before) {
    // A rule stays with its store: its products point at it.
    if (before.store_id !== storeId) throw RULE_NOT_FOUND();
    await tx.update(shippingRules).set(values).where(eq(shippingRules.id, input.id));
    await tx.delete(shippingPlaces).where(eq(shippingPlaces.shippingRuleId, input.id));
    id = input.id;
  } else {
    const [row] = await tx.insert(shippingRules).values(values).returning({ id: shippingRules.id });
    id = row!.id;
  }
  if (input.places.length)
    await tx.insert(shippingPlaces).values(
      input.places.map((p) => ({
        shippingRuleId: id,
        countryCode: p.country,
        stateCode: p.state,
        price: p.price,
        dayNeeded: p.day_needed,
        freeShippingMin: p.free_shipping_min,
      })),
    );
  const [after] = await rulesOf(tx, { ruleId: id });
  return { before, after: after! };
}

/**
 * Deletes a rule of the caller's scope with its places. A rule that products still use is refused (409, with how
 * many): without it they would ship free everywhere; the seller moves them to another rule first.
 */
export async function deleteShippingRule(tx: Tx, id: number, scope: Scope): Promise<ShippingRuleRow> {
  const [locked] = await tx.select({ storeId: shippingRules.storeId }).from(shippingRules).where(eq(shippingRules.id, id)).for('update');
  if (!locked || !inScope(scope, locked.storeId)) throw RULE_NOT_FOUND();
  const [before] = await rulesOf(tx, { ruleId: id });
  const using = await productsUsing(id, tx);
  if (using > 0) throw new AppError({ code: 'CONFLICT', message: 'backoffice.shipping.inUse', vars: { n: using } });
  await tx.delete(shippingRules).where(eq(shippingRules.id, id));
  return before!;
}

/** A store's free-shipping minimum and pickup points. */
export async function saveStoreShipping(
  tx: Tx,
  input: StoreShippingInput,
  scope: Scope,
): Promise<{ before: { free_shipping_min: number; pickup_points: string }; after: { free_shipping_min: number; pickup_points: string } }> {
  const store = await storeInScope(tx, input.store_id, scope);
  await tx
    .update(stores)
    .set({ freeShippingMin: input.free_shipping_min, pickupPoints: input.pickup_points })
    .where(eq(stores.id, input.store_id));
  return {
    before: { free_shipping_min: store.free, pickup_points: store.pickup },
    after: { free_shipping_min: input.free_shipping_min, pickup_points: input.pickup_points },
  };
}

/** How many products use a rule (shown before anyone changes it). */
export async function productsUsing(ruleId: number, db: Tx = getDb()): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from products where shipping_rule_id = ${ruleId}`);
  return Number(row?.n ?? 0);
}
