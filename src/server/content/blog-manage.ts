import { and, desc, eq, exists, gt, ilike, inArray, lt, lte, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { blogPosts, contentTranslations } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { sanitizeStoredHtml } from '@/server/content/sanitize';
import { checkLanguage, languagesIn, pickVersion, putVersion } from '@/server/content/versions';
import { keepFormerSlug, postSlugTaken } from '@/server/content/blog-redirects';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { removePictures, storePictures, type PreparedPicture } from '@/server/uploads/product-pictures';
import type { BlogListQuery, BlogPostWriteInput } from '@/lib/schemas/blog-admin';

/**
 * The operator's blog editor (issue 34). A post's own row holds the default language's version and every field
 * of the post (slug, category, tags, author, cover, publish date); another language is a row of
 * content_translations (`kind` 'post': title and body) and a language without one falls back to the default
 * (content/blog.ts). A post is on the storefront when it is switched on and its publish date has come.
 */

export type PostState = 'published' | 'scheduled' | 'draft';

export interface BlogListRow {
  id: number;
  slug: string;
  title: string;
  category: string | null;
  state: PostState;
  published_at: string;
  /** Languages with their own version besides the default one. */
  translated: string[];
}

export interface BlogEditorView {
  id: number;
  slug: string;
  lang: string;
  default_lang: string;
  languages: { code: string; name: string }[];
  /** Whether this language has its own version (false: the fields show the default language's, to translate). */
  own: boolean;
  title: string;
  excerpt: string;
  content: string;
  /** The body as the storefront shows it (the shop's sanitizing policy applied once more). */
  preview: string;
  category: string | null;
  tags: string[];
  author: string | null;
  image: string | null;
  published: boolean;
  state: PostState;
  published_at: string;
}

const POST_NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.blog.notFound' });

const stateOf = (status: number, at: Date, now: Date): PostState => (status !== 1 ? 'draft' : at > now ? 'scheduled' : 'published');

/** Posts newest first (by id), keyset-paged; filters: state, category, a language with its own version. */
export async function listPostsForEditor(
  query: BlogListQuery,
  now = new Date(),
): Promise<{ items: BlogListRow[]; next_cursor: string | null }> {
  const db = getDb();
  const after = decodeCursor(query.cursor, 1);
  const languages = await languagesIn(db);
  const translatedIn =
    query.lang && query.lang !== languages[0]!.code
      ? exists(
          db
            .select({ one: sql`1` })
            .from(contentTranslations)
            .where(
              and(
                eq(contentTranslations.kind, 'post'),
                eq(contentTranslations.refId, blogPosts.id),
                eq(contentTranslations.lang, query.lang),
              ),
            ),
        )
      : undefined;
  const rows = await db
    .select()
    .from(blogPosts)
    .where(
      and(
        query.status === 'draft' ? sql`${blogPosts.status} <> 1` : undefined,
        query.status === 'published' ? and(eq(blogPosts.status, 1), lte(blogPosts.publishedAt, now)) : undefined,
        query.status === 'scheduled' ? and(eq(blogPosts.status, 1), gt(blogPosts.publishedAt, now)) : undefined,
        query.category ? eq(blogPosts.category, query.category) : undefined,
        query.q ? ilike(blogPosts.title, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        translatedIn,
        after ? lt(blogPosts.id, Number(after[0])) : undefined,
      ),
    )
    .orderBy(desc(blogPosts.id))
    .limit(query.per_page + 1);
  const ids = rows.map((r) => r.id);
  const versions = ids.length
    ? await db
        .select({ refId: contentTranslations.refId, lang: contentTranslations.lang })
        .from(contentTranslations)
        .where(and(eq(contentTranslations.kind, 'post'), inArray(contentTranslations.refId, ids)))
    : [];
  const items = rows.map((p) => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
    category: p.category,
    state: stateOf(p.status, p.publishedAt, now),
    published_at: p.publishedAt.toISOString(),
    translated: versions
      .filter((v) => v.refId === p.id)
      .map((v) => v.lang)
      .sort(),
  }));
  return pageOf(items, query.per_page, (r) => [r.id]);
}

/** The categories posts use (the list's filter). */
export async function postCategories(): Promise<string[]> {
  const rows = await getDb()
    .selectDistinct({ category: blogPosts.category })
    .from(blogPosts)
    .where(sql`${blogPosts.category} is not null`);
  return rows.map((r) => r.category!).sort((a, b) => a.localeCompare(b));
}

/** One post in one language for its editor (the default language when none is asked), read with `db`. */
export async function getPostForEditor(id: number, lang?: string, db: Tx = getDb(), now = new Date()): Promise<BlogEditorView> {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!post) throw POST_NOT_FOUND();
  const pick = await pickVersion(db, 'post', id, lang);
  const content = pick.version?.content ?? post.content;
  return {
    id: post.id,
    slug: post.slug,
    lang: pick.lang,
    default_lang: pick.default_lang,
    languages: pick.languages,
    own: pick.own,
    title: pick.version?.title ?? post.title,
    // Another language's own summary, or empty (the storefront then shows the default language's).
    excerpt: pick.lang === pick.default_lang ? post.excerpt : (pick.version?.summary ?? ''),
    content,
    preview: sanitizeStoredHtml(content),
    category: post.category,
    tags: post.tags ?? [],
    author: post.author,
    image: post.image,
    published: post.status === 1,
    state: stateOf(post.status, post.publishedAt, now),
    published_at: post.publishedAt.toISOString(),
  };
}

const fieldError = (field: string, message: string, code: 'VALIDATION' | 'CONFLICT' = 'VALIDATION') =>
  new AppError({ code, message, details: { fields: { [field]: message } } });

/**
 * Saves a post in one language in the caller's transaction: a new post (default language), the default
 * language's version with the post's fields, or another language's title and body. The HTML goes through the
 * shop's one sanitizing policy before it is stored. A new cover (re-encoded like every picture) is written before
 * the row and removed again if the row fails; the replaced one is answered for removal after the commit.
 */
export async function savePost(
  tx: Tx,
  input: BlogPostWriteInput,
  picture: PreparedPicture | null,
): Promise<{ before: object | null; after: BlogEditorView; replaced: string | null }> {
  const shopLanguages = await languagesIn(tx);
  checkLanguage(shopLanguages, input.lang);
  const defaultLang = shopLanguages[0]!.code;
  const content = sanitizeStoredHtml(input.content);
  const status = input.published ? 1 : 0;
  const [existing] = input.id ? await tx.select().from(blogPosts).where(eq(blogPosts.id, input.id)).for('update') : [];
  if (input.id && !existing) throw POST_NOT_FOUND();
  if (!existing && input.lang !== defaultLang) throw fieldError('lang', 'backoffice.blog.defaultFirst');

  if (existing && input.lang !== defaultLang) {
    await tx.update(blogPosts).set({ status }).where(eq(blogPosts.id, existing.id));
    await putVersion(tx, 'post', existing.id, input.lang, { title: input.title, content, summary: input.excerpt || null });
    return {
      before: { lang: input.lang, title: existing.title, published: existing.status === 1 },
      after: await getPostForEditor(existing.id, input.lang, tx),
      replaced: null,
    };
  }

  const slug = input.slug ?? existing?.slug ?? null;
  if (!slug) throw fieldError('slug', 'backoffice.blog.slugNeeded');
  if (await postSlugTaken(tx, slug, existing?.id ?? null)) throw fieldError('slug', 'backoffice.blog.slugTaken', 'CONFLICT');
  const [url] = picture ? await storePictures([picture]) : [];
  const values = {
    slug,
    title: input.title,
    excerpt: input.excerpt,
    content,
    category: input.category || null,
    tags: input.tags,
    author: input.author || null,
    status,
    publishedAt: input.published_at ?? existing?.publishedAt ?? new Date(),
    ...(url ? { image: url } : input.remove_image ? { image: null } : {}),
  };
  let row: { id: number } | undefined;
  try {
    [row] = existing
      ? await tx.update(blogPosts).set(values).where(eq(blogPosts.id, existing.id)).returning({ id: blogPosts.id })
      : await tx.insert(blogPosts).values(values).returning({ id: blogPosts.id });
  } catch (err) {
    if (url) await removePictures([url]);
    throw err;
  }
  if (existing && existing.slug !== slug) await keepFormerSlug(tx, existing.id, existing.slug, slug);
  return {
    before: existing
      ? {
          lang: input.lang,
          slug: existing.slug,
          title: existing.title,
          published: existing.status === 1,
          published_at: existing.publishedAt,
        }
      : null,
    after: await getPostForEditor(row!.id, input.lang, tx),
    replaced: existing?.image && (url || input.remove_image) ? existing.image : null,
  };
}

/** Switches a post on or off (its publish date is kept: a future one still waits). */
export async function setPostPublished(tx: Tx, id: number, published: boolean): Promise<{ before: boolean; after: BlogEditorView }> {
  const [row] = await tx.select({ status: blogPosts.status }).from(blogPosts).where(eq(blogPosts.id, id)).for('update');
  if (!row) throw POST_NOT_FOUND();
  await tx
    .update(blogPosts)
    .set({ status: published ? 1 : 0 })
    .where(eq(blogPosts.id, id));
  return { before: row.status === 1, after: await getPostForEditor(id, undefined, tx) };
}

/** Deletes a post and its other languages; answers it as it was (its cover is removed after the commit). */
export async function deletePost(tx: Tx, id: number): Promise<{ id: number; slug: string; title: string; image: string | null }> {
  const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  if (!row) throw POST_NOT_FOUND();
  await tx.delete(contentTranslations).where(and(eq(contentTranslations.kind, 'post'), eq(contentTranslations.refId, id)));
  return { id: row.id, slug: row.slug, title: row.title, image: row.image };
}
