import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrates an island on the first pointerdown, focusin or keydown inside it,
 * or on idle once the person has interacted with the page anywhere. A page nobody touches never
 * downloads React (docs/decisions/0005-hydration.md).
 *
 * A click that lands while the island wakes on a control only a script can work (a `type="button"`
 * button, a checkbox or a radio) is held and given to the island once it is awake, so the first touch
 * is never lost (nor half-done: a checkbox is not ticked behind the island's back). Submit buttons and
 * links keep their own behaviour: they work without the island.
 */
const EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;
const PAGE_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;
const HELD = 'button[type="button"], input[type="checkbox"], input[type="radio"]';

const interactionDirective: ClientDirective = (load, _options, el) => {
  let done = false;
  let held: HTMLElement | null = null;
  const cleanups: (() => void)[] = [];
  const holdClick = (e: Event) => {
    const target = e.target instanceof Element ? e.target.closest<HTMLElement>(HELD) : null;
    if (!target || !el.contains(target)) return;
    e.preventDefault();
    e.stopPropagation();
    held = target;
    void hydrateNow();
  };
  el.addEventListener('click', holdClick, { capture: true });
  const hydrateNow = async (replay?: Event) => {
    if (done) return;
    done = true;
    for (const stop of cleanups) stop();
    try {
      const hydrate = await load();
      await hydrate();
      await awake(el);
    } finally {
      el.removeEventListener('click', holdClick, { capture: true });
      // Give the freshly hydrated island the focus or click that woke it.
      if (replay?.type === 'focusin' && replay.target instanceof HTMLElement) replay.target.focus();
      held?.click();
      held = null;
    }
  };
  const listen = (target: EventTarget, type: string, handler: (e: Event) => void, opts: AddEventListenerOptions) => {
    target.addEventListener(type, handler, opts);
    cleanups.push(() => target.removeEventListener(type, handler, opts));
  };
  for (const type of EVENTS) listen(el, type, (e) => void hydrateNow(e), { once: true, passive: true });
  const whenIdle = (cb: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(cb, { timeout: 2000 }) : setTimeout(cb, 200));
  for (const type of PAGE_EVENTS) listen(window, type, () => whenIdle(() => void hydrateNow()), { once: true, passive: true });
};

/**
 * React hydrates after `hydrate()` returns. An island that marks itself `data-awake="no"` says "yes" once its
 * first effect ran (its handlers are live): a held click waits for that (at most a few seconds); any other
 * island gets two frames.
 */
function awake(el: HTMLElement): Promise<void> {
  const marker = () => el.querySelector('[data-awake]');
  if (!marker()) return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  return new Promise((done) => {
    const check = () => {
      if (marker()?.getAttribute('data-awake') !== 'no') finish();
    };
    const observer = new MutationObserver(check);
    const timer = setTimeout(() => finish(), 5_000);
    function finish() {
      observer.disconnect();
      clearTimeout(timer);
      done();
    }
    observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-awake'] });
    check();
  });
}

export default interactionDirective;
