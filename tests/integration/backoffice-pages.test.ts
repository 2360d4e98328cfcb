import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { contentTranslations, staticPages } from '@/server/db/schema';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

/** Static pages per language in the back office (issue 34): sanitized on save, per language with a fallback, shown at once. */
useTestDatabase({ demo: true });

let editor: Account;
beforeAll(async () => {
  editor = await account(['staff'], ['update:content']);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };
const shopPage = async (slug: string, lang: string) =>
  (await json(await api(`/api/v1/page/${slug}`, null, { headers: { language: lang } }))).data;

describe('static pages', () => {
  it('a page is saved without scripts, event handlers, javascript: links and unlisted frames; a YouTube frame stays', async () => {
    const dirty = [
      '<p onclick="steal()">Hello <img src="https://example.com/a.png" onerror="alert(1)"></p>',
      '<script>alert(1)</script>',
      '<a href="javascript:alert(1)">click</a>',
      '<iframe src="https://evil.example/embed/x"></iframe>',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Video"></iframe>',
    ].join('');
    const res = await api('/api/v1/admin/pages', editor, {
      body: { slug: 'safety-test', lang: 'en', title: 'Safety', content: dirty, published: true },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await getDb().select().from(staticPages).where(eq(staticPages.slug, 'safety-test'));
    expect(row!.content).not.toMatch(/<script|onerror|onclick|javascript:|evil\.example/i);
    expect(row!.content).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(row!.content).toContain('<img src="https://example.com/a.png"');
    expect((await shopPage('safety-test', 'en')).title).toBe('Safety');
  });

  it('each language has its own version; one without falls back to the default; the shop shows a change at once', async () => {
    const before = await lastAuditId();
    const [about] = await getDb().select().from(staticPages).where(eq(staticPages.slug, 'about-us'));
    expect(about, 'the demo has an about page').toBeTruthy();
    expect((await shopPage('about-us', 'ar')).title).toBe(about!.title); // cached now, in Arabic
    const saved = await api(`/api/v1/admin/pages/${about!.id}`, editor, {
      body: { lang: 'ar', title: 'من نحن', content: '<p>متجر إلكترونيات</p>', published: true },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await shopPage('about-us', 'ar')).toMatchObject({ title: 'من نحن', content: '<p>متجر إلكترونيات</p>' });
    expect((await shopPage('about-us', 'fr')).title).toBe(about!.title);
    expect((await shopPage('about-us', 'en')).title).toBe(about!.title);
    const rows = await getDb()
      .select()
      .from(contentTranslations)
      .where(and(eq(contentTranslations.kind, 'page'), eq(contentTranslations.refId, about!.id)));
    expect(rows.map((r) => r.lang)).toEqual(['ar']);

    const editorView = (await json(await api(`/api/v1/admin/pages/${about!.id}?lang=fr`, editor))).data;
    expect(editorView).toMatchObject({ lang: 'fr', own: false, title: about!.title });
    const audit = await auditSince(before);
    expect(audit.map((a) => [a.action, a.entity])).toContainEqual(['pages.save', 'static_page']);

    // Unpublished: gone in every language.
    await api(`/api/v1/admin/pages/${about!.id}`, editor, { body: { lang: 'en', title: about!.title, content: about!.content } });
    expect((await api('/api/v1/page/about-us', null, { headers: { language: 'ar' } })).status).toBe(404);
  });

  it('refuses a taken slug and an unknown language in words; nothing is written', async () => {
    const taken = await api('/api/v1/admin/pages', editor, {
      body: { slug: 'terms-and-conditions', lang: 'en', title: 'X', content: '<p>x</p>' },
    });
    expect(taken.status).toBe(409);
    expect((await json(taken)).message).toBe('Another page has this slug already. Choose another one.');
    const [terms] = await getDb().select().from(staticPages).where(eq(staticPages.slug, 'terms-and-conditions'));
    const unknown = await api(`/api/v1/admin/pages/${terms!.id}`, editor, { body: { lang: 'de', title: 'X', content: '<p>x</p>' } });
    expect(unknown.status).toBe(422);
    expect((await json(unknown)).message).toBe('This language is not offered by the shop.');
  });
});
