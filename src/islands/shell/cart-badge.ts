import { $cartCount, setCartCount } from '@/stores/cart-count';
import { cartCountOf, readCookie } from '@/islands/shell/logic';

/** Fills the cart badge from the `cart_count` cookie and keeps it in step with $cartCount. */
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
  setCartCount(cartCountOf(readCookie(document.cookie, 'cart_count')));
}
