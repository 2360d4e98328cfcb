import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestDatabase } from '../setup/db';
import { localsWith, type AstroRenderer } from '../unit/astro-render';
import { ownerOf, startPageRenderer } from './render-fixtures';
import { getDb, openDatabase } from '@/server/db/client';
import { blogSlugRedirects, categories, mailOutbox, newsletterSubscribers, settings, staticPages, subCategories } from '@/server/db/schema';
import { settleAfterAnswer } from '@/server/core/background';
import { invalidationState, listenForChanges } from '@/server/core/invalidation';
import { sourceHref } from '@/server/catalog/sources';
import { getSettings } from '@/server/settings/index';
import { saveSitePictures } from '@/server/settings/pictures';
import { currentPostSlugOf } from '@/server/content/blog-redirects';
import { readUpload } from '@/server/uploads/storage';
import { IMAGE_MESSAGE } from '@/lib/schemas/account';
import { getT } from '@/i18n';
import type { SessionUser } from '@/server/core/actor';
import { listApiRoutes, request } from './http';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

/**
 * What finishes issue 34's content and settings: the header logo and the payment picture uploaded from the settings
 * screen (re-encoded, through the upload store, in `common` and on every page of every process at once), the footer's
 * categories, a blog post's old slug answering 301, per-language summaries of posts and pages with the default
 * language's as fallback, and the screens drawn as the server does (no browser).
 */
const shop = useTestDatabase({ demo: true });

const ORIGIN = 'http://127.0.0.1:4321';
const routes = listApiRoutes();
let owner: Account;
let editor: Account;
let orders: Account;
let renderer: AstroRenderer;
let ownerUser: SessionUser;
beforeAll(async () => {
  owner = await account(['owner']);
  editor = await account(['staff'], ['update:content']);
  orders = await account(['staff'], ['read:order']);
  ownerUser = ownerOf(owner);
  renderer = await startPageRenderer();
}, 300_000);
afterAll(() => renderer?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };
const common = async (lang = 'en') => (await json(await api('/api/v1/common', null, { headers: { language: lang } }))).data;
const stored = async (key: string) => (await getDb().select().from(settings).where(eq(settings.key, key)))[0]?.value;

/** A PNG with a comment in its metadata (which re-encoding must drop), wider than the logo's box. */
const png = (width = 1200, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: '#0b7a5cff' } })
    .png()
    .withMetadata({ exif: { IFD0: { ImageDescription: 'secret-camera-note' } } })
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 500, height: 80, channels: 3, background: '#223344' } })
    .jpeg()
    .toBuffer();

function postPictures(
  who: Account,
  files: Record<string, Buffer | string>,
  fields: Record<string, string> = {},
  path = '/api/v1/admin/settings/pictures',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, v] of Object.entries(files))
    form.append(k, new File([typeof v === 'string' ? v : new Uint8Array(v)], `${k}.bin`, { type: 'image/png' }));
  return request(routes, path, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie: who.cookie, accept: 'application/json' },
    body: form,
  });
}

async function render(file: string, url: string, lang = 'en', props: Record<string, unknown> = {}, params: Record<string, string> = {}) {
  const Page = await renderer.load(file);
  const locals = localsWith({
    user: ownerUser,
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    t: await getT(lang),
    settings: await getSettings(),
  });
  return (await renderer.container.renderToString(Page, {
    locals,
    props,
    params,
    request: new Request(`http://shop.test${url}`),
  })) as string;
}

describe('the header logo and the payment picture', () => {
  it('uploaded from the screen: re-encoded without metadata, in common and in the header and footer on the next request', async () => {
    await common(); // the settings are kept in this process's memory now: the save must empty it
    const mark = await lastAuditId();
    const res = await postPictures(owner, { header_logo: await png(), payment_image: await jpeg() });
    expect(res.status, await res.clone().text()).toBe(200);
    const c = await common();
    expect(c.site_setting.header_logo).toMatch(/^\/uploads\/brand\/logo-[0-9a-f]{24}\.png$/);
    expect(c.payment.image).toMatch(/^\/uploads\/brand\/payment-[0-9a-f]{24}\.jpg$/);
    const logo = await readUpload(c.site_setting.header_logo.slice('/uploads/'.length));
    expect(logo?.contentType).toBe('image/png');
    const meta = await sharp(logo!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([480, 120]); // inside 480 × 160, its shape kept
    expect(meta.exif).toBeUndefined();
    expect(logo!.bytes.includes(Buffer.from('secret-camera-note'))).toBe(false);
    expect((await auditSince(mark)).map((a) => [a.action, a.entity, a.entityId])).toEqual([
      ['settings.pictures.save', 'settings', 'pictures'],
    ]);

    const Header = await renderer.load('/src/components/shell/SiteHeader.astro');
    const header: string = await renderer.container.renderToString(Header, {
      locals: localsWith({ settings: await getSettings() }),
      props: { categories: [] },
      request: new Request('http://shop.test/'),
    });
    expect(header).toContain(`src="${c.site_setting.header_logo}"`);
    const footer = await render('/src/components/shell/SiteFooter.astro', '/', 'en', { categories: [] });
    expect(footer).toContain(`src="${c.payment.image}"`);
  });

  it('refuses a file that is no JPEG or PNG on its field, writing nothing; staff without update:setting get 403', async () => {
    const before = [await stored('site_setting'), await stored('payment')];
    const bad = await postPictures(owner, { header_logo: await png(), payment_image: '<svg onload="alert(1)"></svg>' });
    expect(bad.status).toBe(422);
    const body = await json(bad);
    expect(body.message).toBe(IMAGE_MESSAGE);
    expect(JSON.stringify(body)).toContain('payment_image');
    expect([await stored('site_setting'), await stored('payment')]).toEqual(before);
    expect((await postPictures(orders, { header_logo: await png() })).status).toBe(403);
    expect((await postPictures(editor, { header_logo: await png() })).status).toBe(403);
  });

  it('a reset brings back the default picture and removes the replaced upload once answered', async () => {
    const old = (await common()).site_setting.header_logo as string;
    expect(await readUpload(old.slice('/uploads/'.length))).not.toBeNull();
    const res = await postPictures(owner, {}, { reset_logo: '1' });
    expect(res.status, await res.clone().text()).toBe(200);
    await settleAfterAnswer();
    expect((await common()).site_setting.header_logo).toBe('/brand/logo.svg');
    expect(await readUpload(old.slice('/uploads/'.length))).toBeNull();
    // The payment picture was not touched.
    expect((await common()).payment.image).toMatch(/^\/uploads\/brand\/payment-/);
  });

  if (TEST_DB === 'postgres')
    it('saved by another process: this one shows the new logo on its next request', async () => {
      const { url } = shop.current();
      const listener = await openDatabase({ url, pool: 2 });
      const unlisten = await listenForChanges(listener);
      await expect.poll(() => invalidationState().shared).toBe('listening');
      await common();
      const other = await openDatabase({ url, pool: 1 });
      const bytes = await sharp(await png(300, 100))
        .png()
        .toBuffer();
      const { after } = await other.db.transaction((tx) =>
        saveSitePictures(tx, { pictures: [{ field: 'header_logo', bytes, ext: 'png' }], reset_logo: false, reset_payment: false }),
      );
      const heard = invalidationState().received;
      await other.notify!('voltmart_caches', 'settings');
      await expect.poll(() => invalidationState().received, { timeout: 30_000 }).toBeGreaterThan(heard);
      expect((await common()).site_setting.header_logo).toBe(after.header_logo);
      await unlisten();
      await other.close();
      await listener.close();
    });
});

describe('the top and popup banners', () => {
  const NOTICES = '/api/v1/admin/settings/notices';
  it('edited from the screen: in common and on the page at once; "show it again" changes the version; a bad link is refused', async () => {
    const was = (await common()).popup_banner;
    const res = await postPictures(
      owner,
      { popup_image: await jpeg() },
      {
        top_shown: '1',
        top_title: 'Free delivery this week',
        top_url: '/flash-sale',
        top_closable: '1',
        popup_title: 'Hello',
        popup_url: 'https://example.com/x',
        popup_again: '1',
      },
      NOTICES,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const c = await common();
    expect(c.top_banner).toMatchObject({ status: 1, title: 'Free delivery this week', url: '/flash-sale', closable: true });
    expect(c.popup_banner).toMatchObject({ status: 2, title: 'Hello', url: 'https://example.com/x', closable: false });
    expect(c.popup_banner.image).toMatch(/^\/uploads\/brand\/popup-[0-9a-f]{24}\.jpg$/);
    expect(c.popup_banner.version).toBe(String(Number(was.version) + 1));
    const Top = await renderer.load('/src/components/shell/TopBanner.astro');
    const top: string = await renderer.container.renderToString(Top, {
      locals: localsWith({ settings: await getSettings() }),
      request: new Request('http://shop.test/'),
    });
    expect(top).toContain('Free delivery this week');

    const before = await stored('top_banner');
    const bad = await postPictures(owner, {}, { top_shown: '1', top_title: 'x', top_url: 'javascript:alert(1)' }, NOTICES);
    expect(bad.status).toBe(422);
    expect((await json(bad)).message).toBe('A link is an address on the shop such as /page/about, or one starting with https://');
    expect(await stored('top_banner')).toEqual(before);
    expect((await postPictures(editor, {}, { top_title: 'x' }, NOTICES)).status).toBe(403);
    const screen = await render('/src/pages/admin/settings/notices.astro', '/admin/settings/notices', 'ar');
    expect(screen).toContain('name="popup_image"');
    expect(screen).toContain('value="Free delivery this week"');
    expect(screen).toContain('name="top_source_type"');
  });

  it("leads to a listing of the spec's source types (brands here), or refuses a source that names nothing", async () => {
    const res = await postPictures(
      owner,
      {},
      { top_shown: '1', top_title: 'Our brands', top_source_type: '4', top_source_value: 'anker,baseus', top_closable: '1' },
      NOTICES,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await common()).top_banner).toMatchObject({ source_type: 4, source_value: 'anker,baseus' });
    const Top = await renderer.load('/src/components/shell/TopBanner.astro');
    const top: string = await renderer.container.renderToString(Top, {
      locals: localsWith({ settings: await getSettings() }),
      request: new Request('http://shop.test/'),
    });
    expect(top).toContain(`href="${sourceHref(4, 'anker,baseus')}"`);
    expect(sourceHref(4, 'anker,baseus')).not.toBe('/');

    const before = await stored('top_banner');
    const bad = await postPictures(owner, {}, { top_shown: '1', top_title: 'x', top_source_type: '5', top_source_value: '<b>' }, NOTICES);
    expect(bad.status).toBe(422);
    expect((await json(bad)).message).toBe('List ids or slugs separated by commas, e.g. 3,7');
    expect(await stored('top_banner')).toEqual(before);
    // Back to a plain link: the source is forgotten.
    const plain = await postPictures(
      owner,
      {},
      { top_shown: '1', top_title: 'x', top_source_type: '6', top_source_value: 'anker', top_url: '/flash-sale' },
      NOTICES,
    );
    expect(plain.status).toBe(200);
    expect((await common()).top_banner).toMatchObject({ source_type: 6, source_value: '', url: '/flash-sale' });
  });
});

describe('the payment methods offered at checkout', () => {
  it('a method switched off leaves checkout’s methods at once; switched on again it is back; bad input is refused', async () => {
    const enabled = async () =>
      ((await json(await api('/api/v1/payment-gateway', null))).data.gateways as { id: number; enabled: boolean }[])
        .filter((g) => g.enabled)
        .map((g) => g.id);
    const before = await enabled();
    expect(before).toContain(2); // cash on delivery needs no keys
    const off = await api('/api/v1/admin/payments/methods', owner, { body: { offered: [1, 3, 4, 5, 6, 7, 8] } });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await enabled()).toEqual(before.filter((m) => m !== 2));
    const view = (await json(await api('/api/v1/admin/payments/methods', owner))).data.items as { method: number; on: boolean }[];
    expect(view.find((m) => m.method === 2)?.on).toBe(false);
    expect((await api('/api/v1/admin/payments/methods', owner, { body: { offered: [1, 99] } })).status).toBe(422);
    expect((await api('/api/v1/admin/payments/methods', editor, { body: { offered: [2] } })).status).toBe(403);
    const on = await api('/api/v1/admin/payments/methods', owner, { body: { offered: [1, 2, 3, 4, 5, 6, 7, 8] } });
    expect(on.status).toBe(200);
    expect(await enabled()).toEqual(before);
    const screen = await render('/src/pages/admin/payments/index.astro', '/admin/payments');
    expect(screen).toContain('action="/api/v1/admin/payments/methods"');
  });
});

describe('a newsletter from the screen', () => {
  it('goes to every confirmed subscriber (not a pending one), after the answer; audited; bad input refused', async () => {
    const tag = Date.now().toString(36);
    await getDb()
      .insert(newsletterSubscribers)
      .values([
        { email: `reader-${tag}@example.com`, token: `tok-${tag}-confirmed-xx`, confirmedAt: new Date() },
        { email: `pending-${tag}@example.com`, token: `tok-${tag}-pending-xxxx` },
      ]);
    const mark = await lastAuditId();
    const subject = `News ${tag}`;
    const res = await api('/api/v1/admin/subscribers/newsletter', editor, { body: { subject, text: 'New chargers.\n\nSee you soon.' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json(res);
    expect(body.data.recipients).toBeGreaterThanOrEqual(1);
    expect(body.message).toBe(`The newsletter is on its way to ${body.data.recipients} subscribers.`);
    await settleAfterAnswer();
    const mails = await getDb().select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
    expect(mails.map((m) => m.to)).toContain(`reader-${tag}@example.com`);
    expect(mails.map((m) => m.to)).not.toContain(`pending-${tag}@example.com`);
    expect((await auditSince(mark)).map((a) => a.action)).toEqual(['subscribers.newsletter']);
    const empty = await api('/api/v1/admin/subscribers/newsletter', editor, { body: { subject: '', text: '  ' } });
    expect(empty.status).toBe(422);
    expect((await api('/api/v1/admin/subscribers/newsletter', orders, { body: { subject: 'x', text: 'y' } })).status).toBe(403);
  });
});

describe('the footer categories', () => {
  it('the ticked categories and sub-categories are the footer’s in common and on the page; an unknown id is refused', async () => {
    const [cat, other] = await getDb().select().from(categories).where(eq(categories.status, 1)).limit(2);
    const [sub] = await getDb().select().from(subCategories).where(eq(subCategories.categoryId, cat!.id)).limit(1);
    expect(sub).toBeDefined();
    await common();
    // A plain form: one ticked category arrives as a single value.
    const res = await api('/api/v1/admin/settings/footer', owner, { body: { categories: String(cat!.id), sub_categories: [sub!.id] } });
    expect(res.status, await res.clone().text()).toBe(200);
    const footer = (await common()).categories as { id: number; in_footer_child: { id: number }[] }[];
    expect(footer.map((c) => c.id)).toEqual([cat!.id]);
    expect(footer[0]!.in_footer_child.map((s) => s.id)).toEqual([sub!.id]);
    expect((await getDb().select().from(categories).where(eq(categories.id, other!.id)))[0]!.inFooter).toBe(false);

    const screen = await render('/src/pages/admin/settings/footer.astro', '/admin/settings/footer');
    expect(screen).toMatch(new RegExp(`name="categories" value="${cat!.id}" checked`));
    expect(screen).toMatch(new RegExp(`name="categories" value="${other!.id}"(?! checked)`));

    const bad = await api('/api/v1/admin/settings/footer', owner, { body: { categories: [cat!.id, 99_999_999] } });
    expect(bad.status).toBe(422);
    expect((await json(bad)).message).toBe('One of the ticked categories no longer exists. Reload the page and try again.');
    expect(((await common()).categories as { id: number }[]).map((c) => c.id)).toEqual([cat!.id]);
    const junk = await api('/api/v1/admin/settings/footer', owner, { body: { categories: ['x'] } });
    expect(junk.status).toBe(422);

    // Nothing ticked: the footer lists none of them as chosen (the storefront then shows every category).
    expect((await api('/api/v1/admin/settings/footer', owner, { body: {} })).status).toBe(200);
    expect((await common()).categories).toEqual([]);
  });
});

const post = (over: Record<string, unknown> = {}) => ({
  lang: 'en',
  slug: 'fast-charging-myths',
  title: 'Fast charging myths',
  excerpt: 'What a fast charger does to a battery.',
  content: '<p>Heat, not speed, wears a battery.</p>',
  published: true,
  published_at: '2026-01-05T09:00',
  ...over,
});

describe('blog posts: old slugs and summaries per language', () => {
  it('a renamed post’s old address answers 301 to the new one; a slug another post once had is taken', async () => {
    const made = await api('/api/v1/admin/blog', editor, { body: post() });
    expect(made.status, await made.clone().text()).toBe(200);
    const { id } = (await json(made)).data as { id: number };
    const renamed = await api(`/api/v1/admin/blog/${id}`, editor, { body: post({ slug: 'charging-myths' }) });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect(await getDb().select().from(blogSlugRedirects).where(eq(blogSlugRedirects.postId, id))).toMatchObject([
      { slug: 'fast-charging-myths' },
    ]);

    const Page = await renderer.load('/src/pages/blog/[slug].astro');
    const moved = await renderer.container.renderToResponse(Page, {
      locals: localsWith({ lang: 'en', t: await getT('en'), settings: await getSettings() }),
      params: { slug: 'fast-charging-myths' },
      request: new Request('http://shop.test/blog/fast-charging-myths?ref=x'),
    });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/blog/charging-myths?ref=x');

    // Another post cannot take the old slug (it still leads to the first one).
    const clash = await api('/api/v1/admin/blog', editor, { body: post({ title: 'Another', slug: 'fast-charging-myths' }) });
    expect(clash.status).toBe(409);
    // Renamed back: the current slug is no redirect of its own, the other one is.
    expect((await api(`/api/v1/admin/blog/${id}`, editor, { body: post() })).status).toBe(200);
    const left = await getDb().select().from(blogSlugRedirects).where(eq(blogSlugRedirects.postId, id));
    expect(left.map((r) => r.slug)).toEqual(['charging-myths']);
    expect(await currentPostSlugOf('charging-myths')).toBe('fast-charging-myths');
    // Unpublished: the old address no longer leads anywhere (the page then answers its 404).
    await api(`/api/v1/admin/blog/${id}/publish`, editor, { body: { published: false } });
    expect(await currentPostSlugOf('charging-myths')).toBeNull();
  });

  it('an Arabic summary shows in Arabic; French without its own falls back to the default language’s', async () => {
    const made = await api('/api/v1/admin/blog', editor, {
      body: post({ slug: 'cable-care', title: 'Cable care', excerpt: 'Keep cables alive.', published_at: '' }),
    });
    const { id } = (await json(made)).data as { id: number };
    const ar = await api(`/api/v1/admin/blog/${id}`, editor, {
      body: { lang: 'ar', title: 'العناية بالكابلات', excerpt: 'حافظ على كابلاتك.', content: '<p>نص</p>', published: true },
    });
    expect(ar.status, await ar.clone().text()).toBe(200);
    expect((await json(ar)).data).toMatchObject({ lang: 'ar', excerpt: 'حافظ على كابلاتك.', own: true });
    const fr = await api(`/api/v1/admin/blog/${id}`, editor, {
      body: { lang: 'fr', title: 'Soin des câbles', excerpt: '', content: '<p>Texte</p>', published: true },
    });
    expect(fr.status).toBe(200);

    const card = async (lang: string) =>
      (
        (await json(await api('/api/v1/blogs', null, { headers: { language: lang } }))).data.result.data as {
          id: number;
          title: string;
          excerpt: string;
        }[]
      ).find((p) => p.id === id);
    expect(await card('ar')).toMatchObject({ title: 'العناية بالكابلات', excerpt: 'حافظ على كابلاتك.' });
    expect(await card('fr')).toMatchObject({ title: 'Soin des câbles', excerpt: 'Keep cables alive.' });
    expect(await card('en')).toMatchObject({ title: 'Cable care', excerpt: 'Keep cables alive.' });
    const one = (await json(await api('/api/v1/blog/cable-care', null, { headers: { language: 'ar' } }))).data;
    expect(one.excerpt).toBe('حافظ على كابلاتك.');
    // The editor shows the French summary empty (its own is none), the English one as it is.
    const frEditor = (await json(await api(`/api/v1/admin/blog/${id}?lang=fr`, editor))).data;
    expect(frEditor.excerpt).toBe('');
    const screen = await render('/src/pages/admin/blog/[id].astro', `/admin/blog/${id}?lang=ar`, 'en', {}, { id: String(id) });
    expect(screen).toContain('value="حافظ على كابلاتك."');
    expect(screen).toContain('name="excerpt"');
    expect(screen).not.toContain('name="slug"');
  });

  it('a page’s description per language, the default language’s where it has none', async () => {
    const [about] = await getDb().select().from(staticPages).limit(1);
    const save = (body: Record<string, unknown>) => api(`/api/v1/admin/pages/${about!.id}`, editor, { body: { published: true, ...body } });
    expect((await save({ lang: 'en', title: about!.title, content: '<p>About us</p>', meta_description: 'Who we are.' })).status).toBe(200);
    const ar = await save({ lang: 'ar', title: 'من نحن', content: '<p>عنا</p>', meta_description: 'من نحن ولماذا.' });
    expect(ar.status, await ar.clone().text()).toBe(200);
    expect((await json(ar)).data.meta_description).toBe('من نحن ولماذا.');
    expect((await save({ lang: 'fr', title: 'À propos', content: '<p>Nous</p>', meta_description: '' })).status).toBe(200);
    const shopPage = async (lang: string) =>
      (await json(await api(`/api/v1/page/${about!.slug}`, null, { headers: { language: lang } }))).data;
    expect((await shopPage('ar')).meta_description).toBe('من نحن ولماذا.');
    expect((await shopPage('fr')).meta_description).toBe('Who we are.');
    expect((await shopPage('fr')).title).toBe('À propos');
  });
});

describe('the screens', () => {
  it('pictures: one multipart form with both files; in Arabic too', async () => {
    const html = await render('/src/pages/admin/settings/pictures.astro', '/admin/settings/pictures');
    expect(html).toContain('enctype="multipart/form-data"');
    expect(html).toContain('name="header_logo"');
    expect(html).toContain('name="payment_image"');
    const ar = await render('/src/pages/admin/settings/pictures.astro', '/ar/admin/settings/pictures', 'ar');
    expect(ar).toContain('الشعار والصور');
  });
});
