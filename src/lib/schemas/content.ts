import { z } from 'zod';

/** Query of `api/v1/blogs` and `/blog`: `page` (1…), one `category` or one `tag`. */
export const BlogQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1.' })
    .int('Page must be a whole number from 1.')
    .min(1, 'Page must be a whole number from 1.')
    .max(10_000, 'Page must be at most 10000.')
    .optional(),
  category: z.string().trim().min(1).max(80, 'Category must be at most 80 characters.').optional(),
  tag: z.string().trim().min(1).max(80, 'Tag must be at most 80 characters.').optional(),
});
export type BlogQuery = z.infer<typeof BlogQuerySchema>;

/** The blog query of a URL's search parameters (only the known keys, empty ones left out). */
export function blogQueryOf(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['page', 'category', 'tag']) {
    const v = params.get(key);
    if (v) out[key] = v;
  }
  return out;
}
