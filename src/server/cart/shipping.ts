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
}

/** The spec's message, word for word. */
export const cannotShipMessage = (state: string, country: string) =>
  `This product can not be shipped to ${state} ${country}. Please Uncheck the product first or change the shipping address`;

/** A product's shipping rule with its places: what `lineShippingOf` prices from (the cart reads it in its own query). */
export interface ShippingRule {
  allow_others: boolean;
  default_price: number;
  day_needed: string;
  places: { country_code: string; state_code: string | null; price: number; day_needed: string }[];
}

const FREE: LineShipping = { ok: true, price: 0, day_needed: null, message: null };

/** Shipping of one rule to `to`: a listed state first, then the whole country, then "others" at the default price. */
export function lineShippingOf(rule: ShippingRule | null, to: ShipTo | null, shippingType: number): LineShipping {
  if (shippingType === 2 || !rule) return FREE;
  if (!to) return { ok: true, price: null, day_needed: rule.day_needed, message: null };
  const mine = rule.places.filter((p) => p.country_code === to.country);
  const place = mine.find((p) => p.state_code === to.state) ?? mine.find((p) => p.state_code === null);
  if (place) return { ok: true, price: place.price, day_needed: place.day_needed, message: null };
  if (rule.allow_others) return { ok: true, price: rule.default_price, day_needed: rule.day_needed, message: null };
  return { ok: false, price: null, day_needed: null, message: cannotShipMessage(to.stateName, to.countryName) };
}
