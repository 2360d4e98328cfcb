/** The place a cart ships to: codes for matching rules, names for the spec's message. */
export interface ShipTo {
  id: number;
  country: string;
  state: string;
  countryName: string;
  stateName: string;
}

export interface LineShipping {
  /** False when the product's rule does not reach the address. */
  ok: boolean;
  /** Minor units; null while there is no address to price it for. */
  price: number | null;
  day_needed: string | null;
  /** The spec's message when ok is false. */
  message: string | null;
  /** The store's goods from which this line ships free to this place (its place's, else its rule's; 0: never). */
  free_shipping_min: number;
}

/** The spec's message, word for word. */
export const cannotShipMessage = (state: string, country: string) =>
  `This product can not be shipped to ${state} ${country}. Please Uncheck the product first or change the shipping address`;

/** A product's shipping rule with its places: what `lineShippingOf` prices from (the cart reads it in its own query). */
export interface ShippingRule {
  allow_others: boolean;
  default_price: number;
  day_needed: string;
  free_shipping_min?: number;
  places: { country_code: string; state_code: string | null; price: number; day_needed: string; free_shipping_min?: number }[];
}

const FREE: LineShipping = { ok: true, price: 0, day_needed: null, message: null, free_shipping_min: 0 };

/** Shipping of one rule to `to`: a listed state first, then the whole country, then "others" at the default price. */
export function lineShippingOf(rule: ShippingRule | null, to: ShipTo | null, shippingType: number): LineShipping {
  if (shippingType === 2 || !rule) return FREE;
  const ruleFree = rule.free_shipping_min ?? 0;
  if (!to) return { ok: true, price: null, day_needed: rule.day_needed, message: null, free_shipping_min: 0 };
  const mine = rule.places.filter((p) => p.country_code === to.country);
  const place = mine.find((p) => p.state_code === to.state) ?? mine.find((p) => p.state_code === null);
  if (place)
    return { ok: true, price: place.price, day_needed: place.day_needed, message: null, free_shipping_min: place.free_shipping_min || ruleFree };
  if (rule.allow_others) return { ok: true, price: rule.default_price, day_needed: rule.day_needed, message: null, free_shipping_min: ruleFree };
  return { ok: false, price: null, day_needed: null, message: cannotShipMessage(to.stateName, to.countryName), free_shipping_min: 0 };
}
