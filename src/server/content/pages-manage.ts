import { asc, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { contentTranslations, staticPages } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { sanitizeStoredHtml } from '@/server/content/sanitize';
import { checkLanguage, languagesIn, pickVersion, putVersion } from '@/server/content/versions';

export { checkLanguage, languagesIn } from '@/server/content/versions';
import type { PageWriteInput } from '@/lib/schemas/content-admin';

/**
 * The operator's editor of static pages (the spec's about, terms, privacy… and any other), per language: the
 * page's own row holds the default language; every other language is a row of content_translations, and a
 * language without one falls back to the default (content/pages.ts).
 */
export interface PageListRow {
  id: number;
  slug: string;
  title: string;
  published: boolean;
  /** Languages with their own version besides the default one. */
  translated: string[];
  updated_at: string;
}

export interface PageEditorView {
  id: number;
  slug: string;
  published: boolean;
  lang: string;
  default_lang: string;
  languages: { code: string; name: string }[];
  /** Whether this language has its own version (false: the fields show the default language's, to translate). */
  own: boolean;
  title: string;
  content: string;
  /** The content as the storefront shows it (the shop's sanitizing policy applied once more). */
  preview: string;
  meta_description: string | null;
}

const PAGE_NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.pages.notFound' });

/** Every static page (published or not), by title; a shop has a handful, so one page of them. */
export async function listPagesForEditor(): Promise<{ items: PageListRow[]; next_cursor: null }> {
  const db = getDb();
  const [rows, translations] = await Promise.all([
    db.select().from(staticPages).orderBy(asc(staticPages.title)),
    db
      .select({ refId: contentTranslations.refId, lang: contentTranslations.lang })
      .from(contentTranslations)
      .where(eq(contentTranslations.kind, 'page')),
  ]);
  return {
    items: rows.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      published: p.status === 1,
      translated: translations
        .filter((t) => t.refId === p.id)
        .map((t) => t.lang)
        .sort(),
      updated_at: p.updatedAt.toISOString(),
    })),
    next_cursor: null,
  };
}

/** One page in one language for its editor (the default language when none is asked), read with `db`. */
export async function getPageForEditor(id: number, lang?: string, db: Tx = getDb()): Promise<PageEditorView> {
  const [page] = await db.select().from(staticPages).where(eq(staticPages.id, id));
  if (!page) throw PAGE_NOT_FOUND();
  const pick = await pickVersion(db, 'page', id, lang);
  const content = pick.version?.content ?? page.content;
  return {
    id: page.id,
    slug: page.slug,
    published: page.status === 1,
    lang: pick.lang,
    default_lang: pick.default_lang,
    languages: pick.languages,
    own: pick.own,
    title: pick.version?.title ?? page.title,
    content,
    preview: sanitizeStoredHtml(content),
    // Another language's own description, or empty (the storefront then shows the default language's).
    meta_description: pick.lang === pick.default_lang ? page.metaDescription : (pick.version?.summary ?? null),
  };
}

/**
 * Saves a page in one language in the caller's transaction: a new page (default language; its slug from the
 * form), the default language's version on the page's row, or another language's version. The HTML goes
 * through the shop's one sanitizing policy before it is stored; `published` is the page's, in every language.
 */
export async function savePage(tx: Tx, input: PageWriteInput): Promise<{ before: object | null; after: PageEditorView }> {
  const shopLanguages = await languagesIn(tx);
  checkLanguage(shopLanguages, input.lang);
  const defaultLang = shopLanguages[0]!.code;
  const content = sanitizeStoredHtml(input.content);
  const status = input.published ? 1 : 0;
  if (!input.id) {
    if (!input.slug)
      throw new AppError({
        code: 'VALIDATION',
        message: 'backoffice.pages.slugNeeded',
        details: { fields: { slug: 'backoffice.pages.slugNeeded' } },
      });
    const [taken] = await tx.select({ id: staticPages.id }).from(staticPages).where(eq(staticPages.slug, input.slug));
    if (taken)
      throw new AppError({
        code: 'CONFLICT',
        message: 'backoffice.pages.slugTaken',
        details: { fields: { slug: 'backoffice.pages.slugTaken' } },
      });
    const [row] = await tx
      .insert(staticPages)
      .values({ slug: input.slug, title: input.title, content, metaDescription: input.meta_description || null, status })
      .returning({ id: staticPages.id });
    return { before: null, after: await getPageForEditor(row!.id, defaultLang, tx) };
  }
  const [page] = await tx.select().from(staticPages).where(eq(staticPages.id, input.id)).for('update');
  if (!page) throw PAGE_NOT_FOUND();
  const before = { lang: input.lang, title: page.title, published: page.status === 1 };
  if (input.lang === defaultLang) {
    await tx
      .update(staticPages)
      .set({ title: input.title, content, metaDescription: input.meta_description || null, status, updatedAt: new Date() })
      .where(eq(staticPages.id, page.id));
  } else {
    await tx.update(staticPages).set({ status, updatedAt: new Date() }).where(eq(staticPages.id, page.id));
    await putVersion(tx, 'page', page.id, input.lang, { title: input.title, content, summary: input.meta_description || null });
  }
  return { before, after: await getPageForEditor(page.id, input.lang, tx) };
}
