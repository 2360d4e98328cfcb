/**
 * The islands' one way to call `/api/v1`: sends the language and the guest token, reads the
 * envelope, and throws an ApiError whose message is the first of `data.form` (the spec's section 8).
 */
export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly form: string[] = [message],
    readonly httpStatus = 0,
    /** The message per field of a validation error (`data.fields`). */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The guest's random token (the spec's `user_token` in localStorage), made on first use. */
export function guestToken(): string | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    let token = localStorage.getItem('user_token');
    if (!token) {
      token = crypto.randomUUID().replace(/-/g, '');
      localStorage.setItem('user_token', token);
    }
    return token;
  } catch {
    return null;
  }
}

const currentLanguage = () => (typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en');

/** The spec's 'API is down.' in the page's language (the layout writes it on `<html data-api-down>`). */
export const apiDownText = () => (typeof document === 'undefined' ? '' : document.documentElement.dataset.apiDown) || 'API is down.';

type CallInit = { method?: string; body?: unknown; signal?: AbortSignal };

/** Calls `/api/v1/{path}` and returns `data` of a 200 envelope; anything else throws ApiError. */
export async function api<T>(path: string, init: CallInit = {}): Promise<T> {
  return (await call<T>(path, init)).data;
}

/** Like api(), with the envelope's success message too (forms show it). */
export async function call<T>(path: string, init: CallInit = {}): Promise<{ data: T; message: string }> {
  const headers: Record<string, string> = { accept: 'application/json', language: currentLanguage() };
  const token = guestToken();
  // A guest token travels as a Bearer token (DESIGN.md); a signed-in browser is known by its session cookie.
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api/v1/${path.replace(/^\//, '')}`, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('API is down.', 0);
  }
  const envelope = (await res.json().catch(() => null)) as Envelope<T & { form?: string[]; fields?: Record<string, string> }> | null;
  if (!envelope || typeof envelope.status !== 'number') throw new ApiError('API is down.', 0, undefined, res.status);
  if (envelope.status === 200 && res.ok) return { data: envelope.data, message: envelope.message };
  const form = Array.isArray(envelope.data?.form) && envelope.data.form.length ? envelope.data.form : [envelope.message];
  throw new ApiError(form[0]!, envelope.status, form, res.status, envelope.data?.fields ?? {});
}
