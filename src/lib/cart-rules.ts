/**
 * Which of the spec's quantity messages applies (sections 5): one pure rule shared by the product page's
 * script and the cart's server code, so a person sees the same message with and without JavaScript.
 */
export const QUANTITY_MESSAGES = {
  attributesRequired: 'Please select all required attributes.',
  outOfStock: 'This product is out of stock.',
  minimum: 'Must have minimum 1 item.',
  exceedsInventory: 'Product quantity exceeds inventory.',
  maximum: 'Maximum quantity exceeds.',
} as const;

export type QuantityProblem = keyof typeof QUANTITY_MESSAGES;

export interface QuantityCheck {
  /** Requested quantity (what the person typed; may be NaN or fractional). */
  quantity: number;
  /** Units available for the chosen variant, or for the product when it has none. */
  stock: number;
  /** The product's max per order; 0 or less means no limit. */
  maxPerOrder: number;
  /** Units of the same product/variant already in the cart. */
  inCart?: number;
  /** The product has variant attributes to choose from. */
  hasAttributes?: boolean;
  /** Every attribute group has a chosen value (ignored when hasAttributes is false). */
  allAttributesChosen?: boolean;
}

export type QuantityResult = { ok: true } | { ok: false; problem: QuantityProblem; message: string };

const problem = (p: QuantityProblem): QuantityResult => ({ ok: false, problem: p, message: QUANTITY_MESSAGES[p] });

/** The first rule a request breaks, in the order a person fixes them: variant, stock, minimum, inventory, maximum. */
export function checkQuantity(input: QuantityCheck): QuantityResult {
  if (input.hasAttributes && !input.allAttributesChosen) return problem('attributesRequired');
  if (input.stock <= 0) return problem('outOfStock');
  if (!Number.isInteger(input.quantity) || input.quantity < 1) return problem('minimum');
  const wanted = input.quantity + Math.max(0, input.inCart ?? 0);
  if (wanted > input.stock) return problem('exceedsInventory');
  if (input.maxPerOrder > 0 && wanted > input.maxPerOrder) return problem('maximum');
  return { ok: true };
}

/** The largest quantity the stepper offers: min(stock, max per order), at least 1. */
export function maxQuantity(stock: number, maxPerOrder: number): number {
  const limit = maxPerOrder > 0 ? Math.min(stock, maxPerOrder) : stock;
  return Math.max(1, limit);
}
