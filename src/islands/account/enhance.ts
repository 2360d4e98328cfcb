/**
 * Progressive enhancement of the account forms: a form with `data-api` is sent to that API path
 * instead of posting the page, the outcome is shown as a toast (and next to the form on error),
 * then the account region is re-rendered from the server. Without JavaScript the forms post
 * to the page, which does the same work.
 */
import { ApiError, apiDownText, call } from '@/lib/api';
import { showError, showSuccess } from '@/stores/toast';
import { localHref } from '@/lib/urls';

const REGION = '[data-account]';

document.addEventListener('submit', async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.api) return;
  event.preventDefault();
  const errorBox = form.querySelector<HTMLElement>('[data-form-error]');
  const buttons = [...form.querySelectorAll<HTMLButtonElement>('button')];
  buttons.forEach((b) => (b.disabled = true));
  if (errorBox) errorBox.textContent = '';
  try {
    const method = (form.dataset.method || 'POST').toUpperCase();
    // The success message is the action's own (the envelope's), written once on the server.
    const { message } = await call(form.dataset.api, { method, body: method === 'DELETE' ? undefined : new FormData(form) });
    showSuccess(message);
    await refresh(localHref(form.dataset.next || location.pathname));
  } catch (err) {
    const message = err instanceof ApiError ? err.message : apiDownText();
    if (errorBox) errorBox.textContent = message;
    showError(message);
    buttons.forEach((b) => (b.disabled = false));
  }
});

/** Swaps the account region for a fresh server rendering of `url` (a full navigation when that is not possible). */
async function refresh(url: string): Promise<void> {
  const res = await fetch(url, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
  const target = new URL(res.url || url, location.href);
  const doc = res.ok ? new DOMParser().parseFromString(await res.text(), 'text/html') : null;
  const fresh = doc?.querySelector(REGION);
  const current = document.querySelector(REGION);
  if (!fresh || !current || target.pathname !== new URL(url, location.href).pathname) {
    location.assign(target.href);
    return;
  }
  current.replaceWith(document.importNode(fresh, true));
  history.replaceState(null, '', target.pathname + target.search);
  document.dispatchEvent(new CustomEvent('account:refreshed'));
  document.querySelector<HTMLElement>(`${REGION} h1`)?.focus();
}
