import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { contentTranslations, languages as languagesTable, settings } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';

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

/** A page's or post's version in a language other than the default (content_translations). */
export interface ContentVersion {
  title: string;
  content: string;
  /** A post's excerpt, a page's description in that language; null: the default language's. */
  summary: string | null;
}

export interface VersionPick {
  languages: { code: string; name: string }[];
  default_lang: string;
  /** The language asked for when the shop offers it, else the default one. */
  lang: string;
  /** That language's own version (null for the default language, or a language without one). */
  version: ContentVersion | null;
  /** Whether this language has its own version (the default language always has). */
  own: boolean;
}

/**
 * The editors' one language pick (pages and blog posts alike): the shop's languages, the language to show and its
 * own version, read with `db` (a transaction's own inside a write: never the pool while it is open).
 */
export async function pickVersion(db: Tx, kind: 'page' | 'post', id: number, lang?: string): Promise<VersionPick> {
  const languages = await languagesIn(db);
  const defaultLang = languages[0]!.code;
  const want = lang && languages.some((l) => l.code === lang) ? lang : defaultLang;
  const [version] =
    want === defaultLang
      ? []
      : await db
          .select({ title: contentTranslations.title, content: contentTranslations.content, summary: contentTranslations.summary })
          .from(contentTranslations)
          .where(and(eq(contentTranslations.kind, kind), eq(contentTranslations.refId, id), eq(contentTranslations.lang, want)));
  return { languages, default_lang: defaultLang, lang: want, version: version ?? null, own: want === defaultLang || Boolean(version) };
}

/** Writes a language's version (title, sanitized body, summary or null) in the caller's transaction. */
export async function putVersion(
  tx: Tx,
  kind: 'page' | 'post',
  refId: number,
  lang: string,
  v: { title: string; content: string; summary: string | null },
): Promise<void> {
  await tx
    .insert(contentTranslations)
    .values({ kind, refId, lang, ...v })
    .onConflictDoUpdate({
      target: [contentTranslations.kind, contentTranslations.refId, contentTranslations.lang],
      set: { ...v, updatedAt: new Date() },
    });
}
