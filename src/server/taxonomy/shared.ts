import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { slugify } from '@/server/catalog/manage';
import { preparePictures, removePictures, storePictures } from '@/server/uploads/product-pictures';
import { fileOf } from '@/server/uploads/images';

/** Helpers the taxonomy editors share: field errors, unique slugs, pictures. */

/** A VALIDATION error on one field of the form (the form shows it beside the field). */
export const fieldError = (field: string, message: string, vars?: Record<string, unknown>) =>
  new AppError({ code: 'VALIDATION', message, vars, details: { fields: { [field]: message } } });

interface SlugTable {
  table: PgTable;
  id: PgColumn;
  slug: PgColumn;
}

/**
 * The slug a row gets: the one typed (refused when another row of the table has it), or one made from the name
 * and kept unique with a number (a name without Latin letters or digits, such as an Arabic one, gets `fallback`).
 */
export async function pickSlug(
  tx: Tx,
  t: SlugTable,
  typed: string | null,
  title: string,
  self: number | null,
  fallback: string,
  takenMessage: string,
): Promise<string> {
  const taken = async (slug: string) => {
    const where: SQL | undefined = self ? and(eq(t.slug, slug), ne(t.id, self)) : eq(t.slug, slug);
    const rows = await tx
      .select({ n: sql<number>`1` })
      .from(t.table)
      .where(where)
      .limit(1);
    return rows.length > 0;
  };
  if (typed) {
    if (await taken(typed)) throw fieldError('slug', takenMessage);
    return typed;
  }
  // slugify answers 'product' for a name it cannot spell in Latin letters: this table's own word reads better.
  const made = slugify(title);
  const base = made === 'product' && !/product/i.test(title) ? fallback : made;
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  return `${base}-${Date.now()}`;
}

/**
 * The uploaded picture of a form (`image`), re-encoded with sharp like product pictures (sizes, WebP and JPEG,
 * metadata stripped, pixel limits) and stored: its URL, or null when none was sent. `undo` removes it again when
 * the row could not be written.
 */
export async function storeUploadedPicture(image: unknown): Promise<{ url: string | null; undo: () => Promise<void> }> {
  const file = fileOf(image);
  if (!file) return { url: null, undo: async () => {} };
  const [picture] = await preparePictures([file]);
  const [url] = await storePictures([picture!]);
  return { url: url!, undo: () => removePictures([url!]) };
}
