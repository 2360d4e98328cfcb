import { and, eq, lte } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { blogPosts, blogSlugRedirects } from '@/server/db/schema';

/**
 * A blog post's former slugs, as products keep theirs (catalog/slug-redirects.ts): when an editor changes a post's
 * slug, `/blog/{old}` answers a permanent redirect to the new address, so links and search results keep working.
 */

/** Whether a slug names another post: its current slug, or a former one that still redirects to it. */
export async function postSlugTaken(tx: Tx, slug: string, self: number | null): Promise<boolean> {
  const [current] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  if (current && current.id !== self) return true;
  const [former] = await tx
    .select({ id: blogSlugRedirects.postId })
    .from(blogSlugRedirects)
    .where(eq(blogSlugRedirects.slug, slug))
    .limit(1);
  return Boolean(former && former.id !== self);
}

/** Keeps the old slug answering for the post; the new one is no longer a redirect of its own. */
export async function keepFormerSlug(tx: Tx, postId: number, oldSlug: string, newSlug: string): Promise<void> {
  await tx.delete(blogSlugRedirects).where(eq(blogSlugRedirects.slug, newSlug));
  await tx
    .insert(blogSlugRedirects)
    .values({ slug: oldSlug, postId })
    .onConflictDoUpdate({ target: blogSlugRedirects.slug, set: { postId } });
}

/** The current slug of the published post that once had this slug, or null. */
export async function currentPostSlugOf(oldSlug: string, now = new Date(), db: Tx = getDb()): Promise<string | null> {
  if (!/^[a-z0-9-]{1,200}$/.test(oldSlug)) return null;
  const [row] = await db
    .select({ slug: blogPosts.slug })
    .from(blogSlugRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
    .where(and(eq(blogSlugRedirects.slug, oldSlug), eq(blogPosts.status, 1), lte(blogPosts.publishedAt, now)))
    .limit(1);
  return row?.slug ?? null;
}
