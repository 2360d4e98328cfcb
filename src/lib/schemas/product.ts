import { z } from 'zod';

const pageNumber = z.coerce
  .number({ error: 'Page must be a whole number from 1.' })
  .int('Page must be a whole number from 1.')
  .min(1, 'Page must be a whole number from 1.')
  .max(100000, 'Page must be at most 100000.');

/** `?page=` of suggested products and reviews. */
export const PageQuerySchema = z.object({ page: pageNumber.default(1) });

/** A page number from a query string for an HTML page: anything unusable is page 1. */
export function readPage(value: string | null): number {
  const parsed = pageNumber.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : 1;
}
