import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { attributes, attributeValues, inventories, inventoryAttributes } from '@/server/db/schema';

export interface AttributeGroup {
  id: number;
  title: string;
  values: { id: number; title: string }[];
}

export interface ProductInventory {
  id: number;
  sku: string | null;
  /** Cents; 0 means the product's own price applies. */
  price: number;
  quantity: number;
  value_ids: number[];
  /** Attribute title → value title, e.g. { Wattage: '65W' }. */
  attributes: Record<string, string>;
}

/** A product's variants on sale (an archived one is kept for its orders only) and the attribute groups (Colour, Wattage…) they are chosen by. */
export async function getProductVariants(db: Tx, productId: number) {
  const invs = await db
    .select({ id: inventories.id, sku: inventories.sku, price: inventories.price, quantity: inventories.quantity })
    .from(inventories)
    .where(and(eq(inventories.productId, productId), isNull(inventories.archivedAt)))
    .orderBy(asc(inventories.id));
  if (!invs.length) return { groups: [] as AttributeGroup[], inventories: [] as ProductInventory[] };
  const links = await db
    .select({
      inventoryId: inventoryAttributes.inventoryId,
      valueId: attributeValues.id,
      valueTitle: attributeValues.title,
      attributeId: attributes.id,
      attributeTitle: attributes.title,
    })
    .from(inventoryAttributes)
    .innerJoin(attributeValues, eq(attributeValues.id, inventoryAttributes.attributeValueId))
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(
      inArray(
        inventoryAttributes.inventoryId,
        invs.map((i) => i.id),
      ),
    )
    .orderBy(asc(attributes.id), asc(attributeValues.id));
  const groups = new Map<number, AttributeGroup>();
  for (const l of links) {
    const g = groups.get(l.attributeId) ?? { id: l.attributeId, title: l.attributeTitle, values: [] };
    if (!g.values.some((v) => v.id === l.valueId)) g.values.push({ id: l.valueId, title: l.valueTitle });
    groups.set(l.attributeId, g);
  }
  const shaped = invs.map((inv) => {
    const own = links.filter((l) => l.inventoryId === inv.id);
    return {
      id: inv.id,
      sku: inv.sku,
      price: inv.price,
      quantity: inv.quantity,
      value_ids: own.map((l) => l.valueId),
      attributes: Object.fromEntries(own.map((l) => [l.attributeTitle, l.valueTitle])),
    };
  });
  return { groups: [...groups.values()], inventories: shaped };
}
