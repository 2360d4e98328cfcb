import { and, desc, eq, gt, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { blogPosts, contentTranslations } from '@/server/db/schema';
import { notFound } from '@/server/core/errors';
import { sanitizeStoredHtml } from '@/server/content/sanitize';

export const POSTS_PER_PAGE = 6;

/** A post in a list: no body. */
export interface PostCard {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  image: string | null;
  author: string | null;
  category: string | null;
  tags: string[];
  published_at: string;
}

/** One post with its sanitized body, related posts and its neighbours in time. */
export interface PostDetail extends PostCard {
  content: string;
  related: PostCard[];
  previous: PostCard | null;
  next: PostCard | null;
}

export interface PostPage {
  data: PostCard[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

const cardColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  image: blogPosts.image,
  author: blogPosts.author,
  category: blogPosts.category,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
};
/** A row of `cardColumns`: a PostCard with the database's date. */
type CardRow = Omit<PostCard, 'published_at'> & { publishedAt: Date };

const toCard = (r: CardRow): PostCard => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  excerpt: r.excerpt,
  image: r.image,
  author: r.author,
  category: r.category,
  tags: r.tags ?? [],
  published_at: r.publishedAt.toISOString(),
});

/**
 * The cards' titles and summaries in `lang` where a post has that version (content_translations, kind 'post'); the
 * others keep the default language's, and so does a version without its own summary. One query for the lot.
 */
async function inLanguage(cards: PostCard[], lang: string | undefined): Promise<PostCard[]> {
  if (!lang || cards.length === 0) return cards;
  const versions = await getDb()
    .select({ refId: contentTranslations.refId, title: contentTranslations.title, summary: contentTranslations.summary })
    .from(contentTranslations)
    .where(
      and(
        eq(contentTranslations.kind, 'post'),
        eq(contentTranslations.lang, lang),
        inArray(
          contentTranslations.refId,
          cards.map((c) => c.id),
        ),
      ),
    );
  if (versions.length === 0) return cards;
  const byPost = new Map(versions.map((v) => [v.refId, v]));
  return cards.map((c) => {
    const v = byPost.get(c.id);
    return v ? { ...c, title: v.title, excerpt: v.summary || c.excerpt } : c;
  });
}

/** Published: switched on and not dated in the future. */
const published = (now: Date) => and(eq(blogPosts.status, 1), lte(blogPosts.publishedAt, now))!;

/** A page of published posts, newest first; optionally one category or one tag. */
export async function listPosts(
  opts: { page?: number; perPage?: number; category?: string; tag?: string; now?: Date; lang?: string } = {},
): Promise<PostPage> {
  const perPage = opts.perPage ?? POSTS_PER_PAGE;
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const where: SQL[] = [published(opts.now ?? new Date())];
  if (opts.category) where.push(eq(blogPosts.category, opts.category));
  if (opts.tag) where.push(sql`${blogPosts.tags} @> ${JSON.stringify([opts.tag])}::jsonb`);
  const db = getDb();
  const [rows, total] = await Promise.all([
    db
      .select(cardColumns)
      .from(blogPosts)
      .where(and(...where))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.$count(blogPosts, and(...where)),
  ]);
  const data = await inLanguage(rows.map(toCard), opts.lang);
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/** The newest published post, or null when there is none. */
export async function newestPost(now = new Date(), lang?: string): Promise<PostCard | null> {
  const [row] = await getDb()
    .select(cardColumns)
    .from(blogPosts)
    .where(published(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(1);
  return row ? ((await inLanguage([toCard(row)], lang))[0] ?? null) : null;
}

/**
 * A published post by slug with related posts (same category or a shared tag) and previous/next, in `lang` where
 * it has that version (else the default language's); NOT_FOUND otherwise.
 */
export async function getPost(slug: string, now = new Date(), lang?: string): Promise<PostDetail> {
  const db = getDb();
  const [row] = await db
    .select({ ...cardColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), published(now)));
  if (!row) throw notFound('thePost');
  const others = and(published(now), ne(blogPosts.id, row.id))!;
  const sameTopic = or(
    row.category ? eq(blogPosts.category, row.category) : sql`false`,
    row.tags.length ? sql`${blogPosts.tags} ?| array(select jsonb_array_elements_text(${JSON.stringify(row.tags)}::jsonb))` : sql`false`,
  );
  const older = or(lt(blogPosts.publishedAt, row.publishedAt), and(eq(blogPosts.publishedAt, row.publishedAt), lt(blogPosts.id, row.id)));
  const newer = or(gt(blogPosts.publishedAt, row.publishedAt), and(eq(blogPosts.publishedAt, row.publishedAt), gt(blogPosts.id, row.id)));
  const [related, previous, next] = await Promise.all([
    db.select(cardColumns).from(blogPosts).where(and(others, sameTopic)).orderBy(desc(blogPosts.publishedAt)).limit(3),
    db.select(cardColumns).from(blogPosts).where(and(others, older)).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(1),
    db.select(cardColumns).from(blogPosts).where(and(others, newer)).orderBy(blogPosts.publishedAt, blogPosts.id).limit(1),
  ]);
  const [version] = lang
    ? await db
        .select({ title: contentTranslations.title, content: contentTranslations.content, summary: contentTranslations.summary })
        .from(contentTranslations)
        .where(and(eq(contentTranslations.kind, 'post'), eq(contentTranslations.refId, row.id), eq(contentTranslations.lang, lang)))
    : [];
  const around = await inLanguage([...related, ...previous, ...next].map(toCard), lang);
  return {
    ...toCard(row),
    ...(version ? { title: version.title, excerpt: version.summary || row.excerpt } : {}),
    content: sanitizeStoredHtml(version?.content ?? row.content),
    related: around.slice(0, related.length),
    previous: previous[0] ? around[related.length]! : null,
    next: next[0] ? around[related.length + previous.length]! : null,
  };
}
