/**
 * Wishlist and compare buttons (forms marked data-list-form): sent with fetch instead of a page load.
 * The product is wishlisted when the answer's data is truthy, otherwise not (the spec's rule); every
 * button of that product on the page follows through $wishlist / $compare. A guest goes to /login and
 * comes back to this page; a compare refusal shows data.form's messages joined, in a toast headed 'Error'.
 */
import { ApiError, call } from '@/lib/api';
import { $wishlist, setWishlisted } from '@/stores/wishlist';
import { $compare, setCompared } from '@/stores/compare';
import { showError, showSuccess } from '@/stores/toast';
import { localHref } from '@/lib/urls';

type Kind = 'wishlist' | 'compare';
const PATH: Record<Kind, string> = { wishlist: 'user/wishlist/action', compare: 'user/compare-list/action' };
const STORE = { wishlist: $wishlist, compare: $compare };
const SET = { wishlist: setWishlisted, compare: setCompared };

let started = false;

export function enhanceListButtons(): void {
  if (started) return;
  started = true;
  for (const kind of ['wishlist', 'compare'] as const) {
    const pressed = [...document.querySelectorAll<HTMLElement>(`[data-list-button="${kind}"][aria-pressed="true"]`)].map((b) =>
      Number(b.dataset.productId),
    );
    STORE[kind].set(new Set(pressed));
    STORE[kind].subscribe((ids) => sync(kind, ids));
  }
  document.addEventListener('submit', (e) => {
    const form = (e.target as Element | null)?.closest<HTMLFormElement>('form[data-list-form]');
    if (!form) return;
    e.preventDefault();
    void send(form);
  });
}

/** Every button of a product shows the store's state; its form then asks for the opposite next time. */
function sync(kind: Kind, ids: ReadonlySet<number>): void {
  document.querySelectorAll<HTMLButtonElement>(`[data-list-button="${kind}"]`).forEach((button) => {
    const on = ids.has(Number(button.dataset.productId));
    button.setAttribute('aria-pressed', String(on));
    const want = button.form?.querySelector<HTMLInputElement>('[data-list-want]');
    if (want) want.value = on ? '0' : '1';
  });
}

async function send(form: HTMLFormElement): Promise<void> {
  const kind = form.dataset.listForm as Kind;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button?.getAttribute('aria-busy') === 'true') return;
  const productId = Number(new FormData(form).get('product_id'));
  const want = new FormData(form).get('on');
  button?.setAttribute('aria-busy', 'true');
  try {
    const { data, message } = await call<unknown>(PATH[kind], {
      body: { product_id: productId, ...(want === '0' || want === '1' ? { on: want === '1' } : {}) },
    });
    const on = Boolean(data);
    SET[kind](productId, on);
    if (!on && form.hasAttribute('data-remove-item')) removeItem(form);
    // The comparison's differences depend on every column: the page draws it again.
    if (form.hasAttribute('data-reload')) return location.reload();
    // The action's own message (the envelope's), written once in its declaration.
    showSuccess(message);
  } catch (err) {
    if (err instanceof ApiError && err.httpStatus === 401) {
      location.assign(localHref(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`));
      return;
    }
    const messages = err instanceof ApiError ? err.form : [String(err)];
    if (kind === 'compare') showError(messages.join(' '), errorTitleOf(form));
    else showError(messages[0] ?? '');
  } finally {
    button?.removeAttribute('aria-busy');
  }
}

/** The translated 'Error' heading: the form's own, else the one the page carries once (ListToggle.astro). */
function errorTitleOf(form: HTMLFormElement): string {
  return form.dataset.errorTitle ?? document.querySelector<HTMLElement>('template[data-list-messages]')?.dataset.errorTitle ?? 'Error';
}

/** On the list pages: the item leaves, the count follows, and the empty note shows when none is left. */
function removeItem(form: HTMLFormElement): void {
  const item = form.closest<HTMLElement>('[data-list-item]');
  const list = item?.parentElement;
  item?.remove();
  const left = list?.querySelectorAll('[data-list-item]').length ?? 0;
  const count = document.querySelector<HTMLElement>('[data-list-count]');
  if (count) count.textContent = (left === 1 ? count.dataset.one : count.dataset.other)?.replace('#', String(left)) ?? String(left);
  if (left === 0) {
    document.querySelector<HTMLElement>('[data-list-empty]')?.removeAttribute('hidden');
    list?.closest<HTMLElement>('[data-list-region]')?.setAttribute('hidden', '');
  }
}
