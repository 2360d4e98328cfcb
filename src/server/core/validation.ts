import type { z } from 'zod';
import { AppError, notFound } from '@/server/core/errors';
import { IdSchema } from '@/lib/schemas/account';
import { humanMessage } from '@/server/core/validation-messages';

/** Validates input with a named schema; failures become a VALIDATION error listing every message. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, lang?: string): z.infer<S> {
  // Problems the schema did not word itself get a person's message (i18n), never zod's own text.
  const result = schema.safeParse(input, { error: (issue) => humanMessage(issue, lang) });
  if (result.success) return result.data;
  const form = [...new Set(result.error.issues.map((i) => i.message))];
  const fields: Record<string, string> = {};
  // The first problem of each field is the one to show ('Email is required', not also 'Invalid email').
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  throw new AppError({ code: 'VALIDATION', message: form[0] ?? 'Please check the form.', form, details: { fields } });
}

/** A path or form id: anything that is not a positive integer is simply not found (404), like an id nobody owns. */
export function idParam(value: unknown, what: string): number {
  const id = IdSchema.safeParse(value);
  if (!id.success) throw notFound(what);
  return id.data;
}
