import { and, desc, eq, gt, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { blogPosts } from '@/server/db/schema';
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

/** Published: switched on and not dated in the future. */
const published = (now: Date) => and(eq(blogPosts.status, 1), lte(blogPosts.publishedAt, now))!;

/** A page of published posts, newest first; optionally one category or one tag. */
export async function listPosts(
  opts: { page?: number; perPage?: number; category?: string; tag?: string; now?: Date } = {},
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
  return { data: rows.map(toCard), current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/** The newest published post, or null when there is none. */
export async function newestPost(now = new Date()): Promise<PostCard | null> {
  const [row] = await getDb()
    .select(cardColumns)
    .from(blogPosts)
    .where(published(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(1);
  return row ? toCard(row) : null;
}

/** A published post by slug with related posts (same category or a shared tag) and previous/next; NOT_FOUND otherwise. */
export async function getPost(slug: string, now = new Date()): Promise<PostDetail> {
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
  return {
    ...toCard(row),
    content: sanitizeStoredHtml(row.content),
    related: related.map(toCard),
    previous: previous[0] ? toCard(previous[0]) : null,
    next: next[0] ? toCard(next[0]) : null,
  };
}
