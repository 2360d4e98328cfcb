import { and, asc, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { contentTranslations, languages as languagesTable, settings, staticPages } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { sanitizeStoredHtml } from '@/server/content/sanitize';
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

/**
 * The shop's languages, its default language (settings `default_language`) first, read with `db` (inside a
 * transaction its own: listLanguages and getSettings may need the pool, which PGlite's one connection holds).
 */
export async function languagesIn(db: Tx): Promise<{ code: string; name: string }[]> {
  // One after the other: a transaction runs one statement at a time.
  const rows = await db.select().from(languagesTable).where(eq(languagesTable.status, 1)).orderBy(asc(languagesTable.code));
  const [setting] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'default_language'));
  const main = typeof setting?.value === 'string' ? setting.value : 'en';
  const list = rows.sort((a, b) => Number(b.code === main) - Number(a.code === main)).map((l) => ({ code: l.code, name: l.name }));
  return list.length ? list : [{ code: 'en', name: 'English' }];
}

export function checkLanguage(list: { code: string }[], lang: string): void {
  if (!list.some((l) => l.code === lang)) {
    throw new AppError({
      code: 'VALIDATION',
      message: 'backoffice.pages.unknownLanguage',
      details: { fields: { lang: 'backoffice.pages.unknownLanguage' } },
    });
  }
}

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

/** One page in one language for its editor (the default language when none is asked). */
export async function getPageForEditor(id: number, lang?: string): Promise<PageEditorView> {
  const db = getDb();
  const [page] = await db.select().from(staticPages).where(eq(staticPages.id, id));
  if (!page) throw PAGE_NOT_FOUND();
  const languages = await languagesIn(db);
  const defaultLang = languages[0]!.code;
  const want = lang && languages.some((l) => l.code === lang) ? lang : defaultLang;
  const [version] =
    want === defaultLang
      ? []
      : await db
          .select()
          .from(contentTranslations)
          .where(and(eq(contentTranslations.kind, 'page'), eq(contentTranslations.refId, id), eq(contentTranslations.lang, want)));
  return {
    id: page.id,
    slug: page.slug,
    published: page.status === 1,
    lang: want,
    default_lang: defaultLang,
    languages,
    own: want === defaultLang || Boolean(version),
    title: version?.title ?? page.title,
    content: version?.content ?? page.content,
    preview: sanitizeStoredHtml(version?.content ?? page.content),
    meta_description: page.metaDescription,
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
    return { before: null, after: await viewIn(tx, row!.id, defaultLang) };
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
    await tx
      .insert(contentTranslations)
      .values({ kind: 'page', refId: page.id, lang: input.lang, title: input.title, content })
      .onConflictDoUpdate({
        target: [contentTranslations.kind, contentTranslations.refId, contentTranslations.lang],
        set: { title: input.title, content, updatedAt: new Date() },
      });
  }
  return { before, after: await viewIn(tx, page.id, input.lang) };
}

/** The page as saved, read inside the transaction (never through getDb while it is open). */
async function viewIn(tx: Tx, id: number, lang: string): Promise<PageEditorView> {
  const [page] = await tx.select().from(staticPages).where(eq(staticPages.id, id));
  const [version] = await tx
    .select()
    .from(contentTranslations)
    .where(and(eq(contentTranslations.kind, 'page'), eq(contentTranslations.refId, id), eq(contentTranslations.lang, lang)));
  const shopLanguages = await languagesIn(tx);
  const defaultLang = shopLanguages[0]!.code;
  return {
    id,
    slug: page!.slug,
    published: page!.status === 1,
    lang,
    default_lang: defaultLang,
    languages: shopLanguages,
    own: lang === defaultLang || Boolean(version),
    title: version?.title ?? page!.title,
    content: version?.content ?? page!.content,
    preview: sanitizeStoredHtml(version?.content ?? page!.content),
    meta_description: page!.metaDescription,
  };
}
