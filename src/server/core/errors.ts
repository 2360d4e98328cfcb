import { englishOf, translateMessage, type Translate } from '@/i18n';

/** Permanent error codes; each maps to one HTTP status in `statusFor`. */
export type ErrorCode =
  | 'BAD_JSON'
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'TIMEOUT'
  | 'CLIENT_CLOSED'
  | 'CONFLICT'
  | 'OUT_OF_STOCK'
  | 'ALREADY_USED'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'VALIDATION'
  | 'THROTTLED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

const STATUS: Record<ErrorCode, number> = {
  BAD_JSON: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  TIMEOUT: 408,
  // The client hung up; nobody reads the answer (nginx's 499 is not a standard status).
  CLIENT_CLOSED: 400,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  ALREADY_USED: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION: 422,
  THROTTLED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Business and form errors: the envelope says 201 (the spec's form error), the HTTP status stays truthful. */
const FORM_ERRORS = new Set<ErrorCode>(['VALIDATION', 'CONFLICT', 'OUT_OF_STOCK', 'ALREADY_USED']);

export interface AppErrorInit {
  code: ErrorCode;
  /** What happened and what to do, for a person: a message key (`errors.signIn`), translated per request. */
  message: string;
  /** Values for the key's placeholders (`{{what}}`). */
  vars?: Record<string, unknown>;
  /** Further messages (keys or already translated texts) for `data.form`; the first is shown. Defaults to [message]. */
  form?: string[];
  /** Extra fields for `data` (e.g. field names). */
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The one error type services throw; `toEnvelope` turns it into the API answer. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly form: string[];
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  /** The message key and its values, kept to translate into the request's language (`localized`). */
  private readonly init: AppErrorInit;

  constructor(init: AppErrorInit) {
    // `message`, `form` and `details.fields` read in English (logs, tests); the envelope uses `localized`.
    super(englishOf(init.message, init.vars));
    this.name = 'AppError';
    this.init = init;
    this.code = init.code;
    this.form = (init.form?.length ? init.form : [init.message]).map((m) => englishOf(m, init.vars));
    this.details = translateFields(init.details, (m) => englishOf(m, init.vars));
    this.headers = init.headers;
  }

  /** The message, `data.form` and field messages in the language of `t`. */
  localized(t: Translate) {
    const { message, vars, form, details } = this.init;
    const tr = (m: string) => translateMessage(t, m, vars);
    return { message: tr(message), form: (form?.length ? form : [message]).map(tr), details: translateFields(details, tr) };
  }

  get httpStatus(): number {
    return statusFor(this.code);
  }

  /** The `status` field of the envelope. */
  get envelopeStatus(): number {
    return FORM_ERRORS.has(this.code) ? 201 : this.httpStatus;
  }
}

export function statusFor(code: ErrorCode): number {
  return STATUS[code];
}

/** `what` names the missing thing as a key under `errors.notFound` (`thisProduct` → "This product could not be found."). */
export const notFound = (what = 'item', vars?: Record<string, unknown>) =>
  /^\w+$/.test(what)
    ? new AppError({ code: 'NOT_FOUND', message: `errors.notFound.${what}`, vars })
    : new AppError({ code: 'NOT_FOUND', message: `${what} could not be found.` });

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;

function translateFields(details: Record<string, unknown> | undefined, tr: (m: string) => string) {
  const fields = details?.fields as Record<string, unknown> | undefined;
  if (!fields || typeof fields !== 'object') return details;
  return { ...details, fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? tr(v) : v])) };
}
