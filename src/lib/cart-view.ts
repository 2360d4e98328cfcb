import type { ApiCard } from '@/lib/api-card';
import type { Totals } from '@/lib/cart-math';

/** `cart/by-user`'s data as islands read it (the server's CartView has these fields and more). */
export interface CartLineData {
  id: number;
  product_id: number;
  inventory_id: number | null;
  quantity: number;
  /** 1 checked, 2 unchecked. */
  selected: number;
  store_id: number;
  product: ApiCard & { current_price: number; previous_price: number | null };
  variant: string | null;
  unit_price: number;
  line_total: number;
  stock: number;
  max_per_order: number;
  bundle_deal: { id: number; title: string; buy: number; free: number } | null;
  available_bundle_deal: { id: number; title: string; buy: number; free: number } | null;
  free_units: number;
  shipping: { ok: boolean; price: number | null; day_needed: string | null; message: string | null };
}

export interface CartStoreData {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  lines: CartLineData[];
  totals: Totals;
}

export interface CartData {
  cartCount: number;
  cartProducts: CartLineData[];
  stores: CartStoreData[];
  totals: Totals;
  shipping_type: number;
  address: { id: number; country: string; state: string; country_name: string; state_name: string } | null;
  can_checkout: boolean;
}
