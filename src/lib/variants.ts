/** Variant choice shared by the product page's script, the page and (later) the cart: pure, no DOM. */
export interface VariantInventory {
  id: number;
  price: number;
  quantity: number;
  /** Attribute value ids this variant is made of (one per attribute). */
  value_ids: number[];
}

/** Attribute id → chosen value id. */
export type VariantChoice = Record<number, number>;

/** The inventory whose values are exactly the chosen ones, once every attribute has a value. */
export function findVariant<T extends VariantInventory>(inventories: T[], choice: VariantChoice, attributeIds: number[]): T | null {
  if (!attributeIds.length || attributeIds.some((a) => choice[a] === undefined)) return null;
  const chosen = new Set(attributeIds.map((a) => choice[a]!));
  return inventories.find((inv) => inv.value_ids.length === chosen.size && inv.value_ids.every((v) => chosen.has(v))) ?? null;
}

/** Reads `attr[<attributeId>]=<valueId>` fields (the product form's radio names) into a choice. */
export function readChoice(fields: Iterable<[string, unknown]>): VariantChoice {
  const choice: VariantChoice = {};
  for (const [key, value] of fields) {
    const m = /^attr\[(\d+)\]$/.exec(key);
    const v = Number(value);
    if (m && Number.isInteger(v) && v > 0) choice[Number(m[1])] = v;
  }
  return choice;
}

/** Field name of an attribute's radio group. */
export const attributeField = (attributeId: number) => `attr[${attributeId}]`;
