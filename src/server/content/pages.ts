import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { staticPages } from '@/server/db/schema';
import { notFound } from '@/server/core/errors';
import { sanitizeStoredHtml } from '@/server/content/sanitize';

/** A published static page, its HTML sanitized by the shop's one policy. */
export interface StaticPage {
  id: number;
  slug: string;
  title: string;
  content: string;
  meta_description: string | null;
  updated_at: string;
}

/** The published page with this slug; NOT_FOUND otherwise. */
export async function getStaticPage(slug: string): Promise<StaticPage> {
  const [row] = await getDb()
    .select()
    .from(staticPages)
    .where(and(eq(staticPages.slug, slug), eq(staticPages.status, 1)));
  if (!row) throw notFound('thePage');
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: sanitizeStoredHtml(row.content),
    meta_description: row.metaDescription,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Slugs and titles of every published page, in title order (site map, footer). */
export async function listStaticPages(): Promise<Array<{ slug: string; title: string }>> {
  return getDb()
    .select({ slug: staticPages.slug, title: staticPages.title })
    .from(staticPages)
    .where(eq(staticPages.status, 1))
    .orderBy(asc(staticPages.title));
}
