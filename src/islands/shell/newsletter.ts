import { api, ApiError } from '@/lib/api';
import { showSuccess } from '@/stores/toast';

/** The footer newsletter form: posts through api(); an error shows beside the field, success as the toast (the spec's messages come from the server). */
export function enhanceNewsletter(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-newsletter]');
  const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
  const error = form?.querySelector<HTMLElement>('[data-newsletter-error]');
  if (!form || !input || !error) return;
  let busy = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (busy) return;
    busy = true;
    try {
      const { status } = await api<{ status: 'pending' | 'subscribed' }>('email-subscription', { body: { email: input.value.trim() } });
      input.removeAttribute('aria-invalid');
      error.textContent = '';
      showSuccess((status === 'subscribed' ? form.dataset.already : form.dataset.success) ?? '');
      form.reset();
    } catch (err) {
      input.setAttribute('aria-invalid', 'true');
      error.textContent = err instanceof ApiError ? err.message : String(err);
      input.focus();
    } finally {
      busy = false;
    }
  });
}
