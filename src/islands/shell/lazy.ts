/**
 * Enhancements a page needs only once a person acts (a form sent, a menu pointed at) load on that first act,
 * not with the page: the catalog pages' script before interaction stays a few KB (issue 39; decision 0005).
 * The act that woke the enhancement is handed to it again once it is loaded; if it cannot load (offline),
 * a form is sent the plain way, which works without JavaScript.
 */

/** Loads `load` on the first submit of a form matching `selector`, then sends that form again through it. */
export function onFirstSubmit(selector: string, load: () => Promise<unknown>): void {
  let loading = false;
  const first = (e: SubmitEvent) => {
    const form = e.target instanceof Element ? e.target.closest<HTMLFormElement>(selector) : null;
    if (!form) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    // A second press while the code loads is the same request (a double click): it is not sent twice.
    if (loading) return;
    loading = true;
    const submitter = e.submitter instanceof HTMLElement && e.submitter.getAttribute('form') === null ? e.submitter : null;
    const resend = (send: () => void) => {
      document.removeEventListener('submit', first, true);
      send();
    };
    load().then(
      () => resend(() => form.requestSubmit(submitter)),
      () => resend(() => form.submit()),
    );
  };
  document.addEventListener('submit', first, true);
}

/**
 * Loads `load` on the first of `types` inside `root`, then gives the loaded code the latest such event again
 * (the pointer may have moved on to another item while it loaded: that one is what the person now points at).
 */
export function onFirstEvent(root: Element | null, types: readonly string[], load: () => Promise<unknown>): void {
  if (!root) return;
  let latest: Event | null = null;
  let loading = false;
  const seen = (e: Event) => {
    latest = e;
    if (loading) return;
    loading = true;
    void load().then(() => {
      for (const type of types) root.removeEventListener(type, seen, true);
      if (latest) latest.target?.dispatchEvent(new Event(latest.type, { bubbles: true }));
    });
  };
  for (const type of types) root.addEventListener(type, seen, { capture: true, passive: true });
}
