import { cartAction } from '@/stores/cart';
import { showError, showSuccess } from '@/stores/toast';
import { ApiError } from '@/lib/api';

/**
 * Listing tiles' quick Add to cart: one delegated listener sends the tile's form in the background and
 * shows the toast; the badge follows through $cartCount. Without JavaScript the form posts and comes back.
 */
export function enhanceQuickAdd(): void {
  document.addEventListener('submit', (e) => {
    const form = e.target as HTMLFormElement;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-quick-add')) return;
    e.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    form.setAttribute('aria-busy', 'true');
    const body = Object.fromEntries([...new FormData(form).entries()].filter(([k]) => k !== '_from'));
    cartAction('cart/action', body)
      .then(() => showSuccess(form.dataset.added ?? ''))
      .catch((err: unknown) => showError(err instanceof ApiError ? err.message : String(err)))
      .finally(() => form.removeAttribute('aria-busy'));
  });
}
