import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { contentTranslations, staticPages } from '@/server/db/schema';
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

/** The published page with this slug, in `lang` when it has that version (else the default language's); NOT_FOUND otherwise. */
export async function getStaticPage(slug: string, lang?: string): Promise<StaticPage> {
  const [found] = await getDb()
    .select({ row: staticPages, version: { title: contentTranslations.title, content: contentTranslations.content, summary: contentTranslations.summary } })
    .from(staticPages)
    .leftJoin(
      contentTranslations,
      and(eq(contentTranslations.kind, 'page'), eq(contentTranslations.refId, staticPages.id), eq(contentTranslations.lang, lang ?? '')),
    )
    .where(and(eq(staticPages.slug, slug), eq(staticPages.status, 1)));
  if (!found) throw notFound('thePage');
  const { row, version } = found;
  return {
    id: row.id,
    slug: row.slug,
    title: version?.title ?? row.title,
    content: sanitizeStoredHtml(version?.content ?? row.content),
    meta_description: version?.summary || row.metaDescription,
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
