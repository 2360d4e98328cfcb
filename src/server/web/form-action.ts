import type { AstroGlobal } from 'astro';
import type { z } from 'zod';
import { readBody } from '@/server/web/body';
import { parseWith } from '@/server/core/validation';
import { isAppError } from '@/server/core/errors';

/** The outcome of a no-JavaScript form post that did not redirect: what to show again. */
export interface FormState {
  /** The first message, shown above the form. */
  message: string | null;
  /** Messages per field name. */
  fields: Record<string, string>;
  /** What the person typed (never passwords), to fill the form again. */
  values: Record<string, string>;
}

export const emptyForm = (values: Record<string, string> = {}): FormState => ({ message: null, fields: {}, values });

/**
 * Runs a page's POST: reads the form, validates it with `schema`, calls `action`. An AppError becomes
 * the form state (with the right HTTP status and Retry-After); anything else is a real failure.
 */
export async function runFormAction<S extends z.ZodType, R>(
  Astro: AstroGlobal,
  schema: S,
  action: (input: z.infer<S>, raw: Record<string, unknown>) => Promise<R>,
): Promise<{ ok: true; result: R } | { ok: false; state: FormState }> {
  let raw: Record<string, unknown> = {};
  try {
    raw = (await readBody(Astro.request)) as Record<string, unknown>;
    return { ok: true, result: await action(parseWith(schema, raw), raw) };
  } catch (err) {
    if (!isAppError(err)) throw err;
    Astro.response.status = err.httpStatus;
    for (const [k, v] of Object.entries(err.headers ?? {})) Astro.response.headers.set(k, v);
    const fields = (err.details?.fields as Record<string, string> | undefined) ?? {};
    const values = Object.fromEntries(
      Object.entries(raw)
        .filter(([k, v]) => typeof v === 'string' && !k.includes('password') && k !== 'code')
        .map(([k, v]) => [k, v as string]),
    );
    return { ok: false, state: { message: err.form[0] ?? err.message, fields, values } };
  }
}
