import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';

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

interface RuleRow {
  id: number;
  allow_others: boolean;
  default_price: number;
  day_needed: string;
}
interface PlaceRow {
  shipping_rule_id: number;
  country_code: string;
  state_code: string | null;
  price: number;
  day_needed: string;
}

/** The spec's message, word for word. */
export const cannotShipMessage = (state: string, country: string) =>
  `This product can not be shipped to ${state} ${country}. Please Uncheck the product first or change the shipping address`;

/** The cart's address (chosen with update-shipping, else the user's default shipping address), with place names. */
export async function shipToOf(db: Tx, userId: number | undefined, addressId: number | null): Promise<ShipTo | null> {
  if (userId === undefined) return null;
  const [row] = await queryRows<ShipTo>(
    db,
    sql`select a.id, a.country, a.state, coalesce(c.name, a.country) as "countryName", coalesce(s.name, a.state) as "stateName"
        from addresses a
        left join countries c on c.code = a.country
        left join states s on s.country_code = a.country and s.code = a.state
        where a.user_id = ${userId} and a.kind = 'shipping' and ${addressId !== null ? sql`a.id = ${addressId}` : sql`true`}
        order by a.is_default desc, a.id asc limit 1`,
  );
  return row ?? null;
}

/** Shipping of each rule to `to`: a listed state first, then the whole country, then "others" at the default price. */
export async function shippingByRule(
  db: Tx,
  ruleIds: number[],
  to: ShipTo | null,
  shippingType: number,
): Promise<(ruleId: number | null) => LineShipping> {
  const free: LineShipping = { ok: true, price: 0, day_needed: null, message: null };
  if (shippingType === 2) return () => free;
  const ids = [...new Set(ruleIds)];
  const [rules, places] = ids.length
    ? await Promise.all([
        queryRows<RuleRow>(
          db,
          sql`select id, allow_others, default_price, day_needed from shipping_rules where id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        ),
        queryRows<PlaceRow>(
          db,
          sql`select shipping_rule_id, country_code, state_code, price, day_needed from shipping_places where shipping_rule_id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        ),
      ])
    : [[], []];
  return (ruleId) => {
    const rule = rules.find((r) => r.id === ruleId);
    if (!rule) return free;
    if (!to) return { ok: true, price: null, day_needed: rule.day_needed, message: null };
    const mine = places.filter((p) => p.shipping_rule_id === rule.id && p.country_code === to.country);
    const place = mine.find((p) => p.state_code === to.state) ?? mine.find((p) => p.state_code === null);
    if (place) return { ok: true, price: place.price, day_needed: place.day_needed, message: null };
    if (rule.allow_others) return { ok: true, price: rule.default_price, day_needed: rule.day_needed, message: null };
    return { ok: false, price: null, day_needed: null, message: cannotShipMessage(to.stateName, to.countryName) };
  };
}
