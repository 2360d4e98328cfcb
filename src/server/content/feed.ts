import type { PostCard } from '@/server/content/blog';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An Atom feed of these posts (newest first) under this origin. */
export function renderAtomFeed(origin: string, siteName: string, posts: PostCard[]): string {
  const updated = posts[0]?.published_at ?? new Date(0).toISOString();
  const entries = posts.map((p) => {
    const url = `${origin}/blog/${encodeURIComponent(p.slug)}`;
    return [
      '<entry>',
      `<title>${esc(p.title)}</title>`,
      `<link href="${esc(url)}"/>`,
      `<id>${esc(url)}</id>`,
      `<published>${p.published_at}</published>`,
      `<updated>${p.published_at}</updated>`,
      p.author ? `<author><name>${esc(p.author)}</name></author>` : '',
      p.category ? `<category term="${esc(p.category)}"/>` : '',
      `<summary>${esc(p.excerpt)}</summary>`,
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>${esc(siteName)} blog</title>`,
    `<link href="${esc(origin)}/blog"/>`,
    `<link rel="self" href="${esc(origin)}/blog/feed.xml"/>`,
    `<id>${esc(origin)}/blog</id>`,
    `<updated>${updated}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
