/** "Collect" on a voucher: sent with fetch; the button becomes "Collected"; a guest goes to /login and back. */
import { ApiError, call } from '@/lib/api';
import { showError, showSuccess } from '@/stores/toast';
import { localHref } from '@/lib/urls';

let started = false;

export function enhanceVoucherCollect(): void {
  if (started) return;
  started = true;
  document.addEventListener('submit', (e) => {
    const form = (e.target as Element | null)?.closest<HTMLFormElement>('form[data-collect-voucher]');
    if (!form) return;
    e.preventDefault();
    void collect(form);
  });
}

async function collect(form: HTMLFormElement): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button || button.disabled) return;
  button.disabled = true;
  try {
    const { message } = await call<{ already: boolean }>('user/vouchers/collect', {
      body: { voucher_id: Number(new FormData(form).get('voucher_id')) },
    });
    const done = document.createElement('span');
    done.className = 'voucher-collected';
    done.textContent = `✓ ${form.dataset.collected ?? ''}`;
    form.replaceWith(done);
    showSuccess(message);
  } catch (err) {
    button.disabled = false;
    if (err instanceof ApiError && err.httpStatus === 401) {
      location.assign(localHref(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`));
      return;
    }
    showError(err instanceof ApiError ? err.message : String(err));
  }
}
