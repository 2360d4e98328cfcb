import { createRoot } from 'react-dom/client';
import SearchPopup from '@/islands/search/SearchPopup';
import type { PopupConfig } from '@/islands/search/types';

/** Renders the popup beside the header's search input (loaded on the input's first focus, see shell/search.ts). */
export function mountSearchPopup(form: HTMLFormElement, input: HTMLInputElement): void {
  const host = form.querySelector<HTMLElement>('[data-search-popup]');
  const raw = form.dataset.popup;
  if (!host || !raw) return;
  const config = JSON.parse(raw) as PopupConfig;
  createRoot(host).render(<SearchPopup input={input} config={config} />);
}
