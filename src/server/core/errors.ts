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
  /** What happened and what to do, for a person. */
  message: string;
  /** Further messages for `data.form`; the first is shown. Defaults to [message]. */
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

  constructor(init: AppErrorInit) {
    super(init.message);
    this.name = 'AppError';
    this.code = init.code;
    this.form = init.form?.length ? init.form : [init.message];
    this.details = init.details;
    this.headers = init.headers;
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

export const notFound = (what = 'The page or item') => new AppError({ code: 'NOT_FOUND', message: `${what} could not be found.` });

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;
