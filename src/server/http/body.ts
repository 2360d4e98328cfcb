import type { z } from 'zod';
import { AppError } from './errors';
import { getEnv } from '../env';

const tooLarge = (limit: number) =>
  new AppError({ code: 'TOO_LARGE', message: `The request is too large. Send at most ${Math.floor(limit / 1024)} KB.` });

/** Reads the raw body, refusing more than `limit` bytes whatever Content-Length claims. */
export async function readText(request: Request, limit = getEnv().BODY_LIMIT): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The body as a plain object: JSON, or a url-encoded form (no-JavaScript posts). */
export async function readBody(request: Request): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    const limit = getEnv().BODY_LIMIT;
    if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge(limit);
    const form = await request.formData().catch(() => {
      throw new AppError({ code: 'BAD_REQUEST', message: 'The form could not be read. Please send it again.' });
    });
    return formToObject(form);
  }
  const text = await readText(request);
  if (type === 'application/x-www-form-urlencoded') return formToObject(new URLSearchParams(text));
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError({ code: 'BAD_JSON', message: 'The request body is not valid JSON.' });
  }
}

function formToObject(form: URLSearchParams | FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** Validates input with a named schema; failures become a VALIDATION error listing every message. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const form = [...new Set(result.error.issues.map((i) => i.message))];
  const fields: Record<string, string> = {};
  // The first problem of each field is the one to show ('Email is required', not also 'Invalid email').
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  throw new AppError({ code: 'VALIDATION', message: form[0] ?? 'Please check the form.', form, details: { fields } });
}

/** Reads and validates the body in one step. */
export async function readBodyWith<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readBody(request));
}
