import { shouldSearch } from '@/islands/shell/logic';

/** The header search: ignores blank text, stays put when the same search is shown, and the mobile toggle. */
export function enhanceSearch(): void {
  const form = document.querySelector<HTMLFormElement>('#site-search');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  if (!form || !input) return;
  form.addEventListener('submit', (e) => {
    if (!shouldSearch(input.value, location)) {
      e.preventDefault();
      if (!input.value.trim()) input.value = '';
      input.focus();
      return;
    }
    input.value = input.value.trim();
  });
  // The suggestions popup (React) is downloaded on the input's first focus, never with the page.
  input.addEventListener(
    'focus',
    () => {
      import('@/islands/search/mount')
        .then(({ mountSearchPopup }) => mountSearchPopup(form, input))
        .catch((err: unknown) => console.error('[search] the suggestions popup could not load', err));
    },
    { once: true },
  );
  const toggle = document.querySelector<HTMLButtonElement>('.search-toggle');
  toggle?.addEventListener('click', () => {
    const open = form.classList.toggle('open');
    toggle.setAttribute('aria-expanded', String(open));
    if (open) input.focus();
  });
}
