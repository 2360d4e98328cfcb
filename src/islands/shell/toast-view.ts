import { $toast, hideToast, showError, showSuccess } from '@/stores/toast';

/** Shows $toast in the server-rendered live region; a server flash message joins the store so it auto-hides too. */
export function enhanceToast(): void {
  const box = document.querySelector<HTMLElement>('[data-toast]');
  const text = box?.querySelector<HTMLElement>('[data-toast-message]');
  if (!box || !text) return;
  const initial = text.textContent?.trim();
  if (initial && !box.hidden) (box.classList.contains('toast-error') ? showError : showSuccess)(initial);
  $toast.subscribe(({ message, visible, error }) => {
    box.hidden = !visible;
    box.classList.toggle('toast-visible', visible);
    box.classList.toggle('toast-error', error);
    text.textContent = visible ? message : '';
  });
  box.querySelector('[data-toast-close]')?.addEventListener('click', hideToast);
}
