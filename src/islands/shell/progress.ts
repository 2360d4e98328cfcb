/** The spec's navigation progress bar (section 9): appears after 200 ms, fills over 5000 ms, hides 500 ms after the end. */
export const PROGRESS = { throttleMs: 200, durationMs: 5000, hideDelayMs: 500 } as const;

export function enhanceProgress(): void {
  const bar = document.querySelector<HTMLElement>('[data-progress]');
  if (!bar) return;
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    showTimer = setTimeout(() => {
      bar.classList.remove('done');
      bar.classList.add('running');
      // If the navigation never happens (a download, a stopped load), do not leave the bar up.
      hideTimer = setTimeout(finish, PROGRESS.durationMs + PROGRESS.hideDelayMs);
    }, PROGRESS.throttleMs);
  };
  const finish = () => {
    clearTimeout(showTimer);
    if (!bar.classList.contains('running')) return;
    bar.classList.add('done');
    hideTimer = setTimeout(() => bar.classList.remove('running', 'done'), PROGRESS.hideDelayMs);
  };
  document.addEventListener('click', (e) => {
    const a = (e.target as Element).closest?.('a[href]') as HTMLAnchorElement | null;
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (a.target || a.hasAttribute('download') || a.origin !== location.origin) return;
    if (a.pathname === location.pathname && a.search === location.search && a.hash) return;
    start();
  });
  // Listen late (bubble on window) so a script that cancels the submit is seen first.
  window.addEventListener('submit', (e) => {
    if (!e.defaultPrevented) start();
  });
  window.addEventListener('pageshow', finish);
}
