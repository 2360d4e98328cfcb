import { dismissKey, type Notice } from '@/islands/shell/logic';

/** Close buttons of the top banner, popup banner and cookie notice: remember the dismissal, hide, and (top banner) reload. */
export function enhanceNotices(): void {
  const root = document.documentElement;
  for (const el of document.querySelectorAll<HTMLElement>('[data-notice]')) {
    const notice = { name: el.dataset.notice, version: el.dataset.version ?? '1' } as Notice;
    const dismiss = () => {
      try {
        localStorage.setItem(dismissKey(notice), String(Date.now()));
      } catch {
        // Private mode without storage: the notice closes for this page only.
      }
      root.classList.remove(`show-${notice.name}`);
    };
    for (const btn of el.querySelectorAll('[data-dismiss]')) {
      btn.addEventListener('click', (e) => {
        // The cookie notice's button also submits a plain form for browsers without JavaScript.
        e.preventDefault();
        dismiss();
        if (notice.name === 'top-banner') location.reload();
      });
    }
    // Following the popup's link also counts as closing it for good.
    el.querySelector('[data-dismiss-follow]')?.addEventListener('click', dismiss);
    if (notice.name === 'popup' && root.classList.contains('show-popup')) enhancePopup(el, dismiss);
  }
}

function enhancePopup(el: HTMLElement, dismissNotice: () => void): void {
  // Where the focus was before the popup took it; it goes back there (or to the page's heading) on close.
  const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  const dismiss = () => {
    const hadFocus = el.contains(document.activeElement);
    dismissNotice();
    if (hadFocus) restoreFocus(before);
  };
  for (const btn of el.querySelectorAll('[data-dismiss]')) btn.addEventListener('click', () => restoreFocus(before));
  el.addEventListener('click', (e) => {
    if (e.target === el) dismiss();
  });
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') dismiss();
    if (e.key !== 'Tab') return;
    // A modal keeps the focus inside: Tab from the last control wraps to the first, and back.
    const focusable = [...el.querySelectorAll<HTMLElement>('a[href], button')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  });
  el.querySelector<HTMLElement>('[data-dismiss]')?.focus();
}

/** Focus back on `target`, else the page's main heading (made focusable for this), else <main>. */
export function restoreFocus(target: HTMLElement | null): void {
  if (target?.isConnected) {
    target.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
