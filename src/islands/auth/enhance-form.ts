/**
 * Progressive enhancement of the account forms (they work without it): submits
 * `form[data-auth-api]` to `/api/v1/{api}` as JSON, shows each field error once, next to its field
 * (the alert above the form then holds only a summary for screen readers), a form-level error in that
 * alert, never again in a toast; on success it goes to `data-auth-next`
 * (`{email}` is replaced by the account's address). A submit button with `data-stay` stays on the
 * page and shows the answer instead.
 */
import { ApiError, apiDownText, call } from '@/lib/api';
import { localHref } from '@/lib/urls';

/** What sign-in, sign-up and the reset steps answer, as far as choosing the next page goes. */
type Answer = { user?: { email?: string; email_verified?: boolean }; email?: string } | null;

function alertOf(form: HTMLFormElement) {
  return form.parentElement?.querySelector<HTMLElement>('[data-form-alert]') ?? null;
}

function setAlert(form: HTMLFormElement, message: string, kind: 'error' | 'notice' | 'summary') {
  const alert = alertOf(form);
  if (!alert) return;
  alert.textContent = message;
  alert.dataset.kind = kind;
  // A summary of the field errors is for screen readers: sighted shoppers read them by the fields.
  alert.classList.toggle('sr-only', kind === 'summary');
}

function summaryOf(form: HTMLFormElement, messages: string[]): string {
  const alert = alertOf(form);
  const template = (messages.length === 1 ? alert?.dataset.summaryOne : alert?.dataset.summary) ?? '{list}';
  return template.replace('{n}', String(messages.length)).replace('{list}', messages.join(' '));
}

function clearErrors(form: HTMLFormElement) {
  for (const el of form.querySelectorAll<HTMLElement>('[data-error-for]')) el.textContent = '';
  for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
}

function showFieldErrors(form: HTMLFormElement, fields: Record<string, string>): HTMLInputElement | null {
  let first: HTMLInputElement | null = null;
  for (const [name, message] of Object.entries(fields)) {
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(name)}"]`);
    const input = form.querySelector<HTMLInputElement>(`[name="${CSS.escape(name)}"]:not([type="hidden"])`);
    if (slot) slot.textContent = message;
    if (input) {
      input.setAttribute('aria-invalid', 'true');
      first ??= input;
    }
  }
  return first;
}

function nextUrl(form: HTMLFormElement, data: Answer, body: Record<string, unknown>): string {
  const unverified = data?.user && data.user.email_verified === false && form.dataset.authNextUnverified;
  const template = (unverified ? form.dataset.authNextUnverified : form.dataset.authNext) ?? '/';
  const email = data?.user?.email ?? data?.email ?? String(body.email ?? '');
  return template.replace('{email}', encodeURIComponent(email));
}

async function submit(event: SubmitEvent) {
  const form = event.currentTarget as HTMLFormElement;
  event.preventDefault();
  const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
  const body = Object.fromEntries(new FormData(form, submitter));
  const buttons = [...form.querySelectorAll('button')];
  buttons.forEach((b) => (b.disabled = true));
  clearErrors(form);
  try {
    const { data, message } = await call<Answer>(form.dataset.authApi!, { method: 'POST', body });
    if (submitter?.dataset.stay !== undefined) {
      setAlert(form, message, 'notice');
      return;
    }
    window.location.assign(localHref(nextUrl(form, data, body)));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0) {
      setAlert(form, apiDownText(), 'error');
      return;
    }
    const first = showFieldErrors(form, err.fields);
    const fieldMessages = Object.values(err.fields).filter(Boolean);
    if (fieldMessages.length && first) setAlert(form, summaryOf(form, fieldMessages), 'summary');
    else setAlert(form, err.message, 'error');
    first?.focus();
  } finally {
    buttons.forEach((b) => (b.disabled = false));
  }
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-auth-api]')) {
  form.addEventListener('submit', (e) => void submit(e as SubmitEvent));
}
