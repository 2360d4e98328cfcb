import { expect } from 'vitest';
import { asc } from 'drizzle-orm';
import { AppError } from '@/server/core/errors';
import { getDb } from '@/server/db/client';
import {
  addresses,
  attributes,
  attributeValues,
  bundleDeals,
  categories,
  inventories,
  inventoryAttributes,
  products,
  shippingPlaces,
  shippingRules,
  stores,
  users,
} from '@/server/db/schema';

let n = 0;
const tag = () => `${Date.now().toString(36)}${++n}${Math.random().toString(36).slice(2, 6)}`;

/** Two stores and a category of the demo shop (seeded by the test file). */
export async function shopBasics() {
  const [a, b] = await getDb().select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.id)).limit(2);
  const [category] = await getDb().select({ id: categories.id }).from(categories).limit(1);
  return { storeA: a!, storeB: b!, categoryId: category!.id };
}

export interface ProductSpec {
  storeId: number;
  categoryId: number;
  selling?: number;
  offered?: number;
  stock?: number;
  maxPerOrder?: number;
  shippingRuleId?: number | null;
  bundle?: { buy: number; free: number };
  /** Variants with attributes: their price (0 = the product's) and stock. */
  variants?: { price: number; quantity: number }[];
}

/** A product with exactly the figures a test needs. */
export async function makeProduct(spec: ProductSpec) {
  const db = getDb();
  const [deal] = spec.bundle
    ? await db
        .insert(bundleDeals)
        .values({ storeId: spec.storeId, title: `Buy ${spec.bundle.buy} get ${spec.bundle.free}`, ...spec.bundle })
        .returning()
    : [];
  const t = tag();
  const [p] = await db
    .insert(products)
    .values({
      slug: `cart-test-${t}`,
      title: `Cart test ${t}`,
      storeId: spec.storeId,
      categoryId: spec.categoryId,
      selling: spec.selling ?? 1000,
      offered: spec.offered ?? 0,
      stock: spec.stock ?? 50,
      maxPerOrder: spec.maxPerOrder ?? 100,
      shippingRuleId: spec.shippingRuleId ?? null,
      bundleDealId: deal?.id ?? null,
    })
    .returning();
  const variantIds: number[] = [];
  if (spec.variants?.length) {
    const [attr] = await db
      .insert(attributes)
      .values({ title: `Colour ${t}` })
      .returning();
    for (const [i, v] of spec.variants.entries()) {
      const [value] = await db
        .insert(attributeValues)
        .values({ attributeId: attr!.id, title: `Shade ${i}` })
        .returning();
      const [inv] = await db.insert(inventories).values({ productId: p!.id, price: v.price, quantity: v.quantity }).returning();
      await db.insert(inventoryAttributes).values({ inventoryId: inv!.id, attributeValueId: value!.id });
      variantIds.push(inv!.id);
    }
  }
  return { id: p!.id, dealId: deal?.id ?? null, variantIds };
}

/** A shipping rule that reaches only these places (country, optional state, price). */
export async function makeRule(places: { country: string; state?: string; price: number }[], allowOthers = false) {
  const [rule] = await getDb()
    .insert(shippingRules)
    .values({ title: `Rule ${tag()}`, allowOthers, defaultPrice: 999 })
    .returning();
  await getDb()
    .insert(shippingPlaces)
    .values(places.map((p) => ({ shippingRuleId: rule!.id, countryCode: p.country, stateCode: p.state ?? null, price: p.price })));
  return rule!.id;
}

export async function makeUser() {
  const [u] = await getDb()
    .insert(users)
    .values({ name: 'Cart Tester', email: `cart.${tag()}@example.com` })
    .returning();
  return u!.id;
}

export async function makeAddress(userId: number, country: string, state: string) {
  const [a] = await getDb()
    .insert(addresses)
    .values({
      userId,
      name: 'Cart Tester',
      email: 'c@example.com',
      phone: '555-123-4567',
      country,
      state,
      city: 'Town',
      zip: '12345',
      address1: '1 Main St',
    })
    .returning();
  return a!.id;
}

export const guestToken = () => `guest_${tag()}_padding`;

/** The AppError a promise rejects with. */
export async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}
