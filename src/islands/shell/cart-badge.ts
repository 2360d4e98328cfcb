import { $cartCount, setCartCount } from '@/stores/cart-count';
import { CART_COUNT_COOKIE } from '@/lib/cart-math';
import { cartCountOf, readCookie } from '@/islands/shell/logic';

/**
 * Keeps the cart badge in step with $cartCount (cart actions on this page update it in place). The start
 * value is the server's when the page was rendered for this visitor (`data-cart-server`, then written to
 * the cookie so shared guest pages agree), else the `cart_count` cookie.
 */
export function enhanceCartBadge(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-cart-link]');
  const badge = link?.querySelector<HTMLElement>('[data-cart-count]');
  if (!link || !badge) return;
  const label = link.dataset.label ?? '';
  const labelCount = link.dataset.labelCount ?? '';
  $cartCount.subscribe((count) => {
    badge.hidden = !count;
    badge.textContent = count ? String(count) : '';
    link.setAttribute('aria-label', count ? labelCount.replace('#', String(count)) : label);
  });
  const server = link.dataset.cartServer;
  if (server !== undefined) {
    const count = cartCountOf(server);
    document.cookie = count
      ? `${CART_COUNT_COOKIE}=${count}; path=/; max-age=31622400; samesite=lax`
      : `${CART_COUNT_COOKIE}=; path=/; max-age=0; samesite=lax`;
    setCartCount(count);
  } else setCartCount(cartCountOf(readCookie(document.cookie, CART_COUNT_COOKIE)));
}
