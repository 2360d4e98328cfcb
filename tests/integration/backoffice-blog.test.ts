import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { blogPosts, contentTranslations } from '@/server/db/schema';
import { settleAfterAnswer } from '@/server/core/background';
import * as sitemapModule from '@/pages/sitemap.xml';
import * as feedModule from '@/pages/blog/feed.xml';
import { listApiRoutes, request, requestModule } from './http';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

/**
 * The blog editor (issue 34): posts created, edited, published, unpublished and deleted through HTTP; a future
 * publish date keeps a post off the blog, its feed and the sitemap until then; per-language versions with the
 * default language as fallback; the body through the shop's one sanitizing policy.
 */
useTestDatabase({ demo: true });

const ORIGIN = 'http://127.0.0.1:4321';
const routes = listApiRoutes();
let editor: Account;
let staff: Account;
beforeAll(async () => {
  editor = await account(['staff'], ['update:content']);
  staff = await account(['staff'], ['read:order']);
});
afterEach(() => {
  vi.useRealTimers();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };
const shopPost = (slug: string, lang = 'en') => api(`/api/v1/blog/${slug}`, null, { headers: { language: lang } });
const shopList = async (lang = 'en') =>
  (
    (await json(await api('/api/v1/blogs', null, { headers: { language: lang } }))).data.result.data as { slug: string; title: string }[]
  ).map((p) => p.slug);
const sitemap = async () => (await requestModule(sitemapModule, '/sitemap.xml', {}, '/sitemap.xml')).text();
const feed = async () => (await requestModule(feedModule, '/blog/feed.xml', {}, '/blog/feed.xml')).text();
const rowOf = async (slug: string) => (await getDb().select().from(blogPosts).where(eq(blogPosts.slug, slug)))[0];

const post = (over: Record<string, unknown> = {}) => ({
  lang: 'en',
  slug: 'usb-c-explained',
  title: 'USB-C explained',
  excerpt: 'Cables, chargers and what the letters mean.',
  content: '<h2>Why</h2><p>One <strong>plug</strong> for everything.</p>',
  category: 'Guides',
  tags: 'cables, chargers',
  author: 'Nadia',
  published: true,
  ...over,
});

describe('blog posts through HTTP', () => {
  it('creates, lists, edits, unpublishes, publishes and deletes a post; each step audited; the storefront follows at once', async () => {
    const before = await lastAuditId();
    const created = await api('/api/v1/admin/blog', editor, { body: post() });
    expect(created.status, await created.clone().text()).toBe(200);
    const { id } = (await json(created)).data as { id: number };
    expect(await rowOf('usb-c-explained')).toMatchObject({
      title: 'USB-C explained',
      category: 'Guides',
      tags: ['cables', 'chargers'],
      status: 1,
    });
    expect((await json(await shopPost('usb-c-explained'))).data.title).toBe('USB-C explained');
    expect(await shopList()).toContain('usb-c-explained');

    const list = (await json(await api('/api/v1/admin/blog?status=published&category=Guides', editor))).data;
    expect(list.items.map((p: { id: number }) => p.id)).toContain(id);
    const drafts = (await json(await api('/api/v1/admin/blog?status=draft', editor))).data;
    expect(drafts.items.map((p: { id: number }) => p.id)).not.toContain(id);

    // Edit: a new title and slug (the old address leaves the blog).
    const edited = await api(`/api/v1/admin/blog/${id}`, editor, { body: post({ slug: 'usb-c-guide', title: 'The USB-C guide' }) });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect((await json(await shopPost('usb-c-guide'))).data.title).toBe('The USB-C guide');
    expect((await shopPost('usb-c-explained')).status).toBe(404);

    // Unpublish: gone from the blog, the feed and the sitemap; publish again: back.
    const off = await api(`/api/v1/admin/blog/${id}/publish`, editor, { body: { published: false } });
    expect(off.status, await off.clone().text()).toBe(200);
    expect((await shopPost('usb-c-guide')).status).toBe(404);
    expect(await shopList()).not.toContain('usb-c-guide');
    expect(await feed()).not.toContain('/blog/usb-c-guide');
    expect(await sitemap()).not.toContain('/blog/usb-c-guide');
    const drafted = (await json(await api('/api/v1/admin/blog?status=draft', editor))).data;
    expect(drafted.items.map((p: { id: number }) => p.id)).toContain(id);
    await api(`/api/v1/admin/blog/${id}/publish`, editor, { body: { published: true } });
    expect((await shopPost('usb-c-guide')).status).toBe(200);
    expect(await feed()).toContain('/blog/usb-c-guide');
    expect(await sitemap()).toContain('/blog/usb-c-guide');

    const deleted = await api(`/api/v1/admin/blog/${id}/delete`, editor, { body: {} });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await rowOf('usb-c-guide')).toBeUndefined();
    expect((await shopPost('usb-c-guide')).status).toBe(404);

    const audit = await auditSince(before);
    expect(audit.filter((a) => a.entity === 'blog_post').map((a) => a.action)).toEqual([
      'blog.save',
      'blog.save',
      'blog.publish',
      'blog.publish',
      'blog.delete',
    ]);
  });

  it('a cover picture is re-encoded through the upload store; bad input is a 4xx in words and writes nothing', async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0b7a5c' } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries(post({ slug: 'with-cover', published: '1' }))) form.append(k, String(v));
    form.append('image', new File([new Uint8Array(png)], 'cover.png', { type: 'image/png' }));
    const res = await request(routes, '/api/v1/admin/blog', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: editor.cookie, accept: 'application/json' },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await settleAfterAnswer();
    const row = await rowOf('with-cover');
    expect(row!.image).toMatch(/\.(png|jpg)$/);
    expect(row!.image).not.toContain('cover.png');

    const taken = await api('/api/v1/admin/blog', editor, { body: post({ slug: 'with-cover', title: 'Another' }) });
    expect(taken.status).toBe(409);
    expect((await json(taken)).message).toBe('Another post has this slug already. Choose another one.');
    const badDate = await api('/api/v1/admin/blog', editor, { body: post({ slug: 'bad-date', published_at: 'next tuesday' }) });
    expect(badDate.status).toBe(422);
    expect((await json(badDate)).message).toMatch(/Publish date must be a date and time/);
    const noBody = await api('/api/v1/admin/blog', editor, { body: post({ slug: 'no-body', content: '  ' }) });
    expect(noBody.status).toBe(422);
    expect(await rowOf('bad-date')).toBeUndefined();
    expect(await rowOf('no-body')).toBeUndefined();
    const missing = await api('/api/v1/admin/blog/999999', editor, { body: post({ slug: 'ghost' }) });
    expect(missing.status).toBe(404);
    expect((await api('/api/v1/admin/blog', staff, { body: post({ slug: 'not-yours' }) })).status).toBe(403);
  });
});

describe('a future publish date', () => {
  it('keeps the post off the blog, the feed and the sitemap until its date, then shows it everywhere', async () => {
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setUTCSeconds(0, 0);
    const res = await api('/api/v1/admin/blog', editor, {
      body: post({ slug: 'coming-soon', title: 'Coming soon', published_at: at.toISOString() }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).data.state).toBe('scheduled');
    expect(await shopList()).not.toContain('coming-soon');
    expect((await shopPost('coming-soon')).status).toBe(404);
    expect(await feed()).not.toContain('/blog/coming-soon');
    expect(await sitemap()).not.toContain('/blog/coming-soon');
    const scheduled = (await json(await api('/api/v1/admin/blog?status=scheduled', editor))).data;
    expect(scheduled.items.map((p: { slug: string }) => p.slug)).toContain('coming-soon');

    // The clock moved past the date (only Date is faked; the kept pages of 10 s have expired by then).
    vi.useFakeTimers({ toFake: ['Date'], now: at.getTime() + 60_000 });
    expect(await shopList()).toContain('coming-soon');
    expect((await shopPost('coming-soon')).status).toBe(200);
    expect(await feed()).toContain('/blog/coming-soon');
    expect(await sitemap()).toContain('/blog/coming-soon');
  });
});

describe('languages', () => {
  it('an Arabic version shows in Arabic; a language without one falls back to the default', async () => {
    const created = await api('/api/v1/admin/blog', editor, { body: post({ slug: 'fast-charging', title: 'Fast charging' }) });
    const { id } = (await json(created)).data as { id: number };
    expect((await json(await shopPost('fast-charging', 'ar'))).data.title).toBe('Fast charging'); // kept now, in Arabic
    const saved = await api(`/api/v1/admin/blog/${id}`, editor, {
      body: { lang: 'ar', title: 'الشحن السريع', content: '<p>كل ما تحتاج معرفته</p>', published: true },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await json(await shopPost('fast-charging', 'ar'))).data).toMatchObject({
      title: 'الشحن السريع',
      content: '<p>كل ما تحتاج معرفته</p>',
    });
    expect((await json(await api('/api/v1/blogs', null, { headers: { language: 'ar' } }))).data.result.data).toContainEqual(
      expect.objectContaining({ slug: 'fast-charging', title: 'الشحن السريع' }),
    );
    expect((await json(await shopPost('fast-charging', 'fr'))).data.title).toBe('Fast charging');
    expect((await json(await shopPost('fast-charging', 'en'))).data.title).toBe('Fast charging');
    const rows = await getDb()
      .select()
      .from(contentTranslations)
      .where(and(eq(contentTranslations.kind, 'post'), eq(contentTranslations.refId, id)));
    expect(rows.map((r) => r.lang)).toEqual(['ar']);
    // The default language's fields are untouched by the Arabic save.
    expect(await rowOf('fast-charging')).toMatchObject({ title: 'Fast charging', category: 'Guides', author: 'Nadia' });

    const view = (await json(await api(`/api/v1/admin/blog/${id}?lang=fr`, editor))).data;
    expect(view).toMatchObject({ lang: 'fr', own: false, title: 'Fast charging' });
    const withAr = (await json(await api('/api/v1/admin/blog?lang=ar', editor))).data;
    expect(withAr.items.map((p: { id: number }) => p.id)).toEqual([id]);

    const orphan = await api('/api/v1/admin/blog', editor, { body: post({ lang: 'ar', slug: 'arabic-first' }) });
    expect(orphan.status).toBe(422);
    expect(await rowOf('arabic-first')).toBeUndefined();
  });
});

describe('the sanitizing policy', () => {
  it('a post is saved without scripts, event handlers, javascript: links and unlisted frames; a YouTube frame stays', async () => {
    const dirty = [
      '<p onclick="steal()">Hello <img src="https://example.com/a.png" onerror="alert(1)"></p>',
      '<script>alert(1)</script>',
      '<a href="javascript:alert(1)">click</a>',
      '<iframe src="https://evil.example/embed/x"></iframe>',
      '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Video"></iframe></div>',
    ].join('');
    const res = await api('/api/v1/admin/blog', editor, { body: post({ slug: 'safety', content: dirty }) });
    expect(res.status, await res.clone().text()).toBe(200);
    const row = await rowOf('safety');
    expect(row!.content).not.toMatch(/<script|onerror|onclick|javascript:|evil\.example/i);
    expect(row!.content).toContain('<img src="https://example.com/a.png"');
    expect(row!.content).toContain('<div data-youtube-video><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    const { id } = (await json(res)).data as { id: number };
    const ar = await api(`/api/v1/admin/blog/${id}`, editor, { body: { lang: 'ar', title: 'أمان', content: dirty, published: true } });
    expect(ar.status).toBe(200);
    const [version] = await getDb()
      .select()
      .from(contentTranslations)
      .where(and(eq(contentTranslations.kind, 'post'), eq(contentTranslations.refId, id)));
    expect(version!.content).not.toMatch(/<script|onerror|onclick|javascript:|evil\.example/i);
    expect(version!.content).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});
