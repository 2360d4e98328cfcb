import { cacheHeader, CACHE } from '@/server/web/cache';
import { AppError, isAppError } from '@/server/core/errors';
import { log } from '@/server/core/logger.mjs';
import type { Translate } from '@/i18n';

export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** A success answer: `{ status: 200, message, data }`. */
export function ok<T>(data: T, init: { message?: string; status?: number; headers?: HeadersInit } = {}): Response {
  const body: Envelope<T> = { status: 200, message: init.message ?? 'success', data };
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(JSON_HEADERS)) headers.set(k, v);
  if (!headers.has('cache-control')) headers.set('cache-control', CACHE.none);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** An error answer with `data.form` in the request's language (`t`); unknown errors become a logged 500 that leaks nothing. */
export function fail(err: unknown, t?: Translate): Response {
  const appError = isAppError(err)
    ? err
    : isClientGone(err)
      ? new AppError({ code: 'CLIENT_CLOSED', message: 'The connection closed before the request arrived in full.' })
      : new AppError({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a moment.' });
  if (appError.code === 'INTERNAL') log.error({ err }, 'api: unexpected error');
  const text = t ? appError.localized(t) : { message: appError.message, form: appError.form, details: appError.details };
  const body: Envelope<Record<string, unknown>> = {
    status: appError.envelopeStatus,
    message: text.message,
    data: { code: appError.code, form: text.form, ...text.details },
  };
  const headers = new Headers({ ...JSON_HEADERS, ...cacheHeader('none'), ...appError.headers });
  return new Response(JSON.stringify(body), { status: appError.httpStatus, headers });
}

/** A client that hung up (reset, aborted upload) is not an error of ours and is not logged as one. */
export function isClientGone(err: unknown): boolean {
  const e = err as { name?: string; code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  return (
    e.name === 'AbortError' ||
    ['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'].includes(e.code ?? '') ||
    e.message === 'aborted'
  );
}
