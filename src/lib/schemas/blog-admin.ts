import { z } from 'zod';
import { optionalText, recordId, requiredText } from '@/lib/schemas/fields';
import { checkbox, html, language, moment } from '@/lib/schemas/content-admin';

/**
 * The blog editor's inputs (`/admin/blog`, `api/v1/admin/blog`, issue 34). The default language's version holds
 * the post's own fields (slug, category, tags, author, cover, publish date); another language holds its title and
 * body only and falls back to the default language's when it has none. Messages are the operator's.
 */

const slug = z
  .union([z.literal(''), z.string().trim().toLowerCase().max(120, 'The slug must be at most 120 characters')])
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), 'The slug must be lower-case letters, digits and single hyphens');

/** Tags typed as `phones, reviews` (or sent as a list): trimmed, lower-case, no duplicates, at most 20. */
const tags = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => {
    const list = (Array.isArray(v) ? v : (v ?? '').split(',')).map((t) => t.trim().toLowerCase()).filter(Boolean);
    return [...new Set(list)];
  })
  .refine((v) => v.length <= 20, 'At most 20 tags')
  .refine(
    (v) => v.every((t) => t.length <= 40 && /^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u.test(t)),
    'A tag is letters, digits, spaces or hyphens (at most 40)',
  );

export const BlogPostWriteSchema = z.object({
  id: recordId('Post').optional(),
  lang: language,
  slug,
  title: requiredText('Title', 200),
  excerpt: optionalText('Summary', 500).optional().default(''),
  content: html,
  category: optionalText('Category', 80).optional().default(''),
  tags,
  author: optionalText('Author', 120).optional().default(''),
  /** Empty: now (when first published). A future moment publishes the post then. */
  published_at: moment('Publish date'),
  published: checkbox,
  image: z.unknown().optional(),
  remove_image: checkbox,
});
export type BlogPostWriteInput = z.output<typeof BlogPostWriteSchema>;

export const BlogPostIdSchema = z.object({ id: recordId('Post') });
export const BlogPostOneSchema = z.object({ id: recordId('Post'), lang: language.optional() });
export const BlogPublishSchema = z.object({ id: recordId('Post'), published: checkbox });

export const BlogListQuerySchema = z.object({
  q: optionalText('Search', 100).optional().default(''),
  status: z.enum(['', 'published', 'scheduled', 'draft'], { error: 'Status must be published, scheduled or draft' }).optional().default(''),
  category: optionalText('Category', 80).optional().default(''),
  lang: z
    .union([z.literal(''), language])
    .optional()
    .default(''),
  per_page: z.coerce.number().int().min(1).max(100).optional().default(25),
  cursor: z.string().max(400).optional().default(''),
});
export type BlogListQuery = z.output<typeof BlogListQuerySchema>;
