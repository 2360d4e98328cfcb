import type { z } from 'zod';
import { AppError } from '@/server/core/errors';
import { getEnv } from '@/server/core/env';
import { parseWith } from '@/server/core/validation';

/**
 * Every 413 closes the connection: on a kept-alive connection Node would otherwise read (and drop) the
 * rest of the body before the next request, so a 50 MB upload kept the client waiting for all of it.
 */
export const CLOSE_CONNECTION = { connection: 'close' };

export const tooLarge = (limit: number) =>
  new AppError({ code: 'TOO_LARGE', message: 'errors.tooLarge', vars: { kb: Math.floor(limit / 1024) }, headers: CLOSE_CONNECTION });

/** A body that stops arriving for this long is refused (408): a stalled upload must not hold a worker for minutes. */
export const BODY_IDLE_MS = 10_000;

const stalled = () =>
  new AppError({
    code: 'TIMEOUT',
    message: 'The request stopped arriving, so it was cancelled. Check your connection and send it again.',
    headers: { connection: 'close' },
  });
const clientGone = () => new AppError({ code: 'CLIENT_CLOSED', message: 'The connection closed before the request arrived in full.' });

/** One read, refused when nothing arrives within `idleMs`; a reset connection is the client's doing, not our error. */
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>, idleMs: number): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(stalled()), idleMs);
  });
  try {
    return await Promise.race([reader.read(), timeout]);
  } catch (err) {
    if (err instanceof AppError) {
      reader.cancel().catch(() => {});
      throw err;
    }
    throw clientGone();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads the raw bytes, refusing more than `limit` whatever Content-Length claims: a declared length over
 * the limit is refused before a byte is read, a chunked body is counted and dropped at the limit.
 */
export async function readBytes(
  request: Request,
  limit: number,
  tooBig: () => AppError = () => tooLarge(limit),
  idleMs = BODY_IDLE_MS,
): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooBig();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await readChunk(reader, idleMs);
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooBig();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads the raw body as text, refusing more than `limit` bytes. */
export async function readText(request: Request, limit = getEnv().BODY_LIMIT): Promise<string> {
  return (await readBytes(request, limit)).toString('utf8');
}

/** A multipart form read within `limit` bytes (files included), as a plain object. */
export async function readMultipart(request: Request, limit: number, tooBig?: () => AppError): Promise<Record<string, unknown>> {
  const bytes = await readBytes(request, limit, tooBig);
  const copy = new Request(request.url, {
    method: 'POST',
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    body: new Uint8Array(bytes),
  });
  const form = await copy.formData().catch(() => {
    throw new AppError({ code: 'BAD_REQUEST', message: 'The form could not be read. Please send it again.' });
  });
  return formToObject(form);
}

/** The body as a plain object: JSON, or a url-encoded or multipart form (no-JavaScript posts). */
export async function readBody(request: Request): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') return readMultipart(request, getEnv().BODY_LIMIT);
  const text = await readText(request);
  if (type === 'application/x-www-form-urlencoded') return formToObject(new URLSearchParams(text));
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError({ code: 'BAD_JSON', message: 'The request body is not valid JSON.' });
  }
  // Every endpoint takes named fields: an array, null, a string or a number is refused, never read as "no fields".
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError({ code: 'BAD_JSON', message: 'The request body must be a JSON object with named fields.' });
  return body;
}

function formToObject(form: URLSearchParams | FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** Reads and validates the body in one step. */
export async function readBodyWith<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readBody(request));
}
