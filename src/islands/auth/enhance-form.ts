/**
 * Progressive enhancement of the account forms (they work without it): submits
 * `form[data-auth-api]` to `/api/v1/{api}` as JSON, shows each field error once, next to its field
 * (the alert above the form then holds only a summary for screen readers), a form-level error in that
 * alert, never again in a toast; on success it goes to `data-auth-next`
 * (`{email}` is replaced by the account's address). A submit button with `data-stay` stays on the
 * page and shows the answer instead.
 */
import { guestToken } from '@/lib/api';

interface Envelope {
  status: number;
  message: string;
  data: { form?: string[]; fields?: Record<string, string>; user?: { email?: string; email_verified?: boolean }; email?: string } | null;
}

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

function nextUrl(form: HTMLFormElement, data: Envelope['data'], body: Record<string, unknown>): string {
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
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    language: document.documentElement.lang || 'en',
  };
  const token = guestToken();
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const res = await fetch(`/api/v1/${form.dataset.authApi}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const envelope = (await res.json().catch(() => null)) as Envelope | null;
    if (!envelope || typeof envelope.status !== 'number') throw new Error('API is down.');
    if (envelope.status === 200 && res.ok) {
      if (submitter?.dataset.stay !== undefined) {
        setAlert(form, envelope.message, 'notice');
        return;
      }
      window.location.assign(nextUrl(form, envelope.data, body));
      return;
    }
    const messages = envelope.data?.form?.length ? envelope.data.form : [envelope.message];
    const fields = envelope.data?.fields ?? {};
    const first = showFieldErrors(form, fields);
    const fieldMessages = Object.values(fields).filter(Boolean);
    if (fieldMessages.length && first) setAlert(form, summaryOf(form, fieldMessages), 'summary');
    else setAlert(form, messages[0]!, 'error');
    first?.focus();
  } catch {
    setAlert(form, 'API is down.', 'error');
  } finally {
    buttons.forEach((b) => (b.disabled = false));
  }
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-auth-api]')) {
  form.addEventListener('submit', (e) => void submit(e as SubmitEvent));
}
