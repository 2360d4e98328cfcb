import { beforeAll, describe, expect, it } from 'vitest';
import type { APIRoute } from 'astro';
import { useTestDatabase } from '../setup/db';
import { clearMemos } from '@/server/core/memo';
import { cartUrl, productUrl } from '@/lib/urls';
import { listApiRoutes, request, requestModule } from './http';
import * as sitemapModule from '@/pages/sitemap.xml';
import * as robotsModule from '@/pages/robots.txt';

/**
 * Prefix-except-default all the way (decision 0020): links and redirects keep the page's language, the
 * `currentLanguage` cookie sends an unprefixed page to its language, the sitemap lists every language.
 */
useTestDatabase({ demo: true });

const routes = listApiRoutes();
const ORIGIN = 'http://127.0.0.1:4321';
const HTML = 'text/html,application/xhtml+xml';
beforeAll(async () => {
  // English (default), Arabic and French.
  clearMemos();
});

/** A page that renders its links with the helpers, and one that redirects with a literal path. */
const linksPage: Record<string, APIRoute> = {
  GET: async () => {
    await new Promise((r) => setTimeout(r, 1));
    return new Response(JSON.stringify({ cart: cartUrl(), product: productUrl({ slug: 'usb-c' }) }));
  },
};
const redirectingPage: Record<string, APIRoute> = { GET: ({ redirect }) => redirect('/login?redirect=%2Fcart', 303) };
const page = (mod: Record<string, APIRoute>, path: string, headers: Record<string, string> = {}) =>
  requestModule(mod, '/cart', {}, path, { headers: { accept: HTML, ...headers } });

describe('links and redirects keep the page’s language', () => {
  it('a page under /ar writes /ar links; the same page in English writes unprefixed ones', async () => {
    const [ar, fr, en] = await Promise.all([page(linksPage, '/ar/cart'), page(linksPage, '/fr/cart'), page(linksPage, '/cart')]);
    expect(await ar.json()).toEqual({ cart: '/ar/cart', product: '/ar/products/product/usb-c' });
    expect(await fr.json()).toEqual({ cart: '/fr/cart', product: '/fr/products/product/usb-c' });
    expect(await en.json()).toEqual({ cart: '/cart', product: '/products/product/usb-c' });
  });

  it('a page’s redirect to a path of the shop keeps its prefix', async () => {
    const ar = await page(redirectingPage, '/ar/cart');
    expect(ar.status).toBe(303);
    expect(ar.headers.get('location')).toBe('/ar/login?redirect=%2Fcart');
    expect((await page(redirectingPage, '/cart')).headers.get('location')).toBe('/login?redirect=%2Fcart');
  });

  it('a plain form posted from an Arabic page comes back to Arabic pages, with the message in Arabic', async () => {
    const res = await request(routes, '/api/v1/user/update-profile', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: HTML,
        origin: ORIGIN,
        referer: `${ORIGIN}/ar/user/profile`,
      },
      body: new URLSearchParams({ name: 'x', _from: '/ar/user/profile' }).toString(),
    });
    expect(res.status).toBe(303);
    // A guest goes to the sign-in page, in Arabic, which brings them back to the Arabic page.
    expect(res.headers.get('location')).toBe(`/ar/login?redirect=${encodeURIComponent('/ar/user/profile')}`);
    const flash = decodeURIComponent(res.headers.getSetCookie().find((c) => c.startsWith('frontend_flash='))!);
    expect(flash).toContain('يُرجى تسجيل الدخول للمتابعة.');
  });

  it('the same form from an English page stays in English', async () => {
    const res = await request(routes, '/api/v1/user/update-profile', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: HTML, origin: ORIGIN, referer: `${ORIGIN}/user/profile` },
      body: new URLSearchParams({ name: 'x', _from: '/user/profile' }).toString(),
    });
    expect(res.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent('/user/profile')}`);
    expect(decodeURIComponent(res.headers.getSetCookie().find((c) => c.startsWith('frontend_flash='))!)).toContain(
      'Please sign in to continue.',
    );
  });
});

describe('the currentLanguage cookie sends unprefixed pages to its language', () => {
  it('redirects a page navigation, keeping the path and the query, without caching it', async () => {
    for (const cookie of ['currentLanguage=ar', 'i18n_redirected=ar']) {
      const res = await page(linksPage, '/all/chargers?page=2&sort=price_asc', { cookie });
      expect(res.status, cookie).toBe(302);
      expect(res.headers.get('location')).toBe('/ar/all/chargers?page=2&sort=price_asc');
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    }
    const home = await page(linksPage, '/', { cookie: 'currentLanguage=fr' });
    expect(home.headers.get('location')).toBe('/fr');
  });

  it('a message waiting for the unprefixed page travels on to the prefixed one', async () => {
    const flash = encodeURIComponent(JSON.stringify({ type: 'success', message: 'Saved.' }));
    const res = await page(linksPage, '/user/profile', { cookie: `currentLanguage=ar; frontend_flash=${flash}` });
    expect(res.headers.get('location')).toBe('/ar/user/profile');
    const kept = res.headers.getSetCookie().filter((c) => c.startsWith('frontend_flash='));
    expect(kept.at(-1)).toContain(encodeURIComponent('"message":"Saved."'));
  });

  it('never loops, never for English, the API, files or posts', async () => {
    expect((await page(linksPage, '/ar/cart', { cookie: 'currentLanguage=ar' })).status).toBe(200);
    // Another language's URL is that language: a cookie does not bounce it.
    expect((await page(linksPage, '/fr/cart', { cookie: 'currentLanguage=ar' })).status).toBe(200);
    expect((await page(linksPage, '/cart', { cookie: 'currentLanguage=en' })).status).toBe(200);
    expect((await page(linksPage, '/cart', { cookie: 'currentLanguage=de' })).status).toBe(200);
    expect((await page(linksPage, '/cart')).status).toBe(200);
    const api = await request(routes, '/api/v1/home', { headers: { accept: HTML, cookie: 'currentLanguage=ar' } });
    expect(api.status).toBe(200);
    const post = await requestModule(linksPage, '/cart', {}, '/cart', {
      method: 'POST',
      headers: { accept: HTML, cookie: 'currentLanguage=ar', origin: ORIGIN },
    });
    expect(post.status).not.toBe(302);
  });

  it('choosing English again stays in English (the switcher rewrites the cookie before going back)', async () => {
    const res = await request(routes, '/api/v1/language', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: HTML, origin: ORIGIN, cookie: 'currentLanguage=ar' },
      body: new URLSearchParams({ code: 'en', _from: '/ar/all/chargers?page=2' }).toString(),
    });
    expect(res.headers.get('location')).toBe('/all/chargers?page=2');
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toContain('currentLanguage=en');
    expect((await page(linksPage, '/all/chargers?page=2', { cookie })).status).toBe(200);
  });
});

describe('sitemap.xml and robots.txt in every language', () => {
  it('lists each URL in English, Arabic and French with hreflang alternates and x-default, whatever the cookie', async () => {
    const res = await requestModule(sitemapModule, '/sitemap.xml', {}, '/sitemap.xml', {
      headers: { cookie: 'currentLanguage=ar', accept: HTML },
    });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const home = xml.split('\n').filter((l) => /<loc>[^<]*\/(ar|fr)?<\/loc>/.test(l));
    expect(home.map((l) => /<loc>([^<]*)<\/loc>/.exec(l)![1])).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/$/), expect.stringMatching(/\/ar$/), expect.stringMatching(/\/fr$/)]),
    );
    for (const line of home) {
      expect(line).toMatch(/hreflang="en" href="[^"]*\/"/);
      expect(line).toMatch(/hreflang="ar" href="[^"]*\/ar"/);
      expect(line).toMatch(/hreflang="fr" href="[^"]*\/fr"/);
      expect(line).toMatch(/hreflang="x-default" href="[^"]*\/"/);
    }
    // English locs stay unprefixed although the cookie says Arabic.
    expect(xml).toMatch(/<loc>[^<]*\/categories<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]*\/ar\/categories<\/loc>/);
    expect(xml).not.toMatch(/\/ar\/ar\//);
  });

  it('robots.txt closes the private areas under every prefix', async () => {
    const res = await requestModule(robotsModule, '/robots.txt', {}, '/robots.txt');
    const txt = await res.text();
    for (const path of ['/cart', '/ar/cart', '/fr/user', '/ar/checkout']) expect(txt).toContain(`Disallow: ${path}\n`);
  });
});
