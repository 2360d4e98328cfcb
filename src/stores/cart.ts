import { atom } from 'nanostores';
import { api } from '@/lib/api';
import type { CartData } from '@/lib/cart-view';
import { setCartCount } from '@/stores/cart-count';

/** The cart as the last `cart/by-user` told it (null until an island loads it). */
export const $cart = atom<CartData | null>(null);

/** Reloads the cart from the server; the badge follows. */
export async function refreshCart(): Promise<CartData> {
  const cart = await api<CartData>('cart/by-user');
  $cart.set(cart);
  setCartCount(cart.cartCount);
  return cart;
}

/** Sends one cart action (`cart/action`, `cart/change`, `DELETE cart/{id}` …); the badge takes the new count. */
export async function cartAction<T extends { cartCount?: number }>(path: string, body?: unknown, method = 'POST'): Promise<T> {
  const data = await api<T>(path, { method, body });
  if (typeof data?.cartCount === 'number') setCartCount(data.cartCount);
  return data;
}
