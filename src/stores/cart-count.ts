import { atom } from 'nanostores';

/**
 * The cart badge's count, shared by the header script and the cart islands. It starts from the
 * non-HttpOnly `cart_count` cookie (set by the cart API); whoever changes the cart calls setCartCount.
 */
export const $cartCount = atom<number | null>(null);

export function setCartCount(count: number | null): void {
  $cartCount.set(count && count > 0 ? Math.floor(count) : null);
}
