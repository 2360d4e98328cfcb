import { sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { rowsOn } from '@/server/db/prepared';
import { AppError, notFound } from '@/server/core/errors';
import { checkQuantity, QUANTITY_MESSAGES, type QuantityProblem } from '@/lib/cart-rules';
import { findVariant } from '@/lib/variants';

/** What the cart needs to know about one product and the variant asked for. */
export interface Sellable {
  productId: number;
  inventoryId: number | null;
  stock: number;
  maxPerOrder: number;
  bundleDealId: number | null;
}

interface ProductRow {
  id: number;
  stock: number;
  max_per_order: number;
  bundle_deal_id: number | null;
}
interface InventoryRow {
  id: number;
  quantity: number;
  has_attributes: boolean;
  value_ids: number[];
  attribute_ids: number[];
}

/** The variant picked by attribute radios (a form sent without JavaScript). */
function byChoice(variants: InventoryRow[], choice: Record<string, number>): InventoryRow | undefined {
  const attributeIds = [...new Set(variants.flatMap((v) => v.attribute_ids.map(Number)))];
  const picked = Object.fromEntries(Object.entries(choice).map(([k, v]) => [Number(k), v]));
  const rows = variants.map((v) => ({ id: v.id, price: 0, quantity: v.quantity, value_ids: v.value_ids.map(Number) }));
  const found = findVariant(rows, picked, attributeIds);
  return found ? variants.find((v) => v.id === found.id) : undefined;
}

/** A rule broken: 409 for stock (the spec's 'out of stock' conflict), 422 for the rest; both say 201 in the envelope. */
export function quantityError(problem: QuantityProblem): AppError {
  const code = problem === 'outOfStock' || problem === 'exceedsInventory' ? 'OUT_OF_STOCK' : 'VALIDATION';
  return new AppError({ code, message: QUANTITY_MESSAGES[problem] });
}

/**
 * The product (active) and its variant: a product with variants needs one of them (else 'Please select
 * all required attributes.'); a lone variant without attributes is taken for the shopper.
 */
export async function findSellable(
  tx: Tx,
  productId: number,
  inventoryId: number | undefined,
  choice: Record<string, number> = {},
): Promise<Sellable> {
  // One read: the product (active, of an open store) with its variants.
  const [product] = await rowsOn<ProductRow & { variants: InventoryRow[] }>(
    tx,
    sql`select p.id, p.stock, p.max_per_order, d.id as bundle_deal_id,
          coalesce((select json_agg(json_build_object('id', i.id, 'quantity', i.quantity,
              'has_attributes', exists (select 1 from inventory_attributes a where a.inventory_id = i.id),
              'value_ids', coalesce((select array_agg(a.attribute_value_id) from inventory_attributes a where a.inventory_id = i.id), '{}'),
              'attribute_ids', coalesce((select array_agg(v.attribute_id) from inventory_attributes a join attribute_values v on v.id = a.attribute_value_id where a.inventory_id = i.id), '{}'))
            order by i.id)
            from inventories i where i.product_id = p.id and i.archived_at is null), '[]'::json) as variants
        from products p
        left join bundle_deals d on d.id = p.bundle_deal_id and d.status = 1
        where p.id = ${productId} and p.status = 1 and p.approval = 'approved'
          and exists (select 1 from stores s where s.id = p.store_id and s.status = 1)`,
  );
  if (!product) throw notFound('theProduct');
  const variants = product.variants;
  const base = { productId, maxPerOrder: product.max_per_order, bundleDealId: product.bundle_deal_id };
  if (!variants.length) return { ...base, inventoryId: null, stock: product.stock };
  const chosen =
    inventoryId !== undefined
      ? variants.find((v) => v.id === inventoryId)
      : variants.length === 1 && !variants[0]!.has_attributes
        ? variants[0]
        : byChoice(variants, choice);
  if (!chosen) throw quantityError('attributesRequired');
  return { ...base, inventoryId: chosen.id, stock: chosen.quantity };
}

/** Throws the first of the spec's quantity rules that `quantity` (plus what is already in the cart) breaks. */
export function assertQuantity(item: Sellable, quantity: number, inCart: number): void {
  const result = checkQuantity({ quantity, stock: item.stock, maxPerOrder: item.maxPerOrder, inCart });
  if (!result.ok) throw quantityError(result.problem);
}
