import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrates an island on the first pointerdown, focusin or keydown inside it,
 * or on idle once the person has interacted with the page anywhere. A page nobody touches never
 * downloads React (docs/decisions/0005-hydration.md).
 */
const EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;
const PAGE_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

const interactionDirective: ClientDirective = (load, _options, el) => {
  let done = false;
  const cleanups: (() => void)[] = [];
  const hydrateNow = async (replay?: Event) => {
    if (done) return;
    done = true;
    for (const stop of cleanups) stop();
    const hydrate = await load();
    await hydrate();
    // Give the freshly hydrated island the focus or click that woke it.
    if (replay?.type === 'focusin' && replay.target instanceof HTMLElement) replay.target.focus();
  };
  const listen = (target: EventTarget, type: string, handler: (e: Event) => void, opts: AddEventListenerOptions) => {
    target.addEventListener(type, handler, opts);
    cleanups.push(() => target.removeEventListener(type, handler, opts));
  };
  for (const type of EVENTS) listen(el, type, (e) => void hydrateNow(e), { once: true, passive: true });
  const whenIdle = (cb: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(cb, { timeout: 2000 }) : setTimeout(cb, 200));
  for (const type of PAGE_EVENTS) listen(window, type, () => whenIdle(() => void hydrateNow()), { once: true, passive: true });
};

export default interactionDirective;
