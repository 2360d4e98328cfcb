import { afterEach, describe, expect, it } from 'vitest';
import { languageRedirect, localizedPath } from '@/lib/locale-path';
import { cartUrl, homeUrl, localHref, productUrl, searchUrl, userUrl } from '@/lib/urls';
import { pageHref as listingPageHref } from '@/lib/listing-pages';
import { inRequestLanguage, withLinkLanguage } from '@/server/web/link-language';
import { renderRobots, renderSitemap } from '@/server/catalog/sitemap';

const ARABIC = { lang: 'ar', defaultLang: 'en' };
const ENGLISH = { lang: 'en', defaultLang: 'en' };
const languages = [
  { code: 'en', name: 'English', direction: 'ltr' },
  { code: 'ar', name: 'العربية', direction: 'rtl' },
  { code: 'fr', name: 'Français', direction: 'ltr' },
] as unknown as App.Locals['languages'];

describe('localHref: links keep the language of the page being rendered', () => {
  it('prefixes every link helper on an Arabic page and leaves English (the default) unprefixed', () => {
    withLinkLanguage(ARABIC, () => {
      expect(homeUrl()).toBe('/ar');
      expect(cartUrl()).toBe('/ar/cart');
      expect(productUrl({ slug: 'usb-c' })).toBe('/ar/products/product/usb-c');
      expect(searchUrl('65 W')).toBe('/ar/search?q=65%20W');
      expect(userUrl('orders')).toBe('/ar/user/orders');
      expect(localHref('/user/order/12')).toBe('/ar/user/order/12');
      expect(localHref('/?utm=x#top')).toBe('/ar?utm=x#top');
      expect(localHref('/track-order?id=5#status')).toBe('/ar/track-order?id=5#status');
      expect(listingPageHref('/all/chargers', new URLSearchParams('sort=price_asc'), 2)).toBe('/ar/all/chargers?sort=price_asc&page=2');
    });
    withLinkLanguage(ENGLISH, () => {
      expect(homeUrl()).toBe('/');
      expect(cartUrl()).toBe('/cart');
      expect(localHref('/user/orders')).toBe('/user/orders');
    });
  });

  it('leaves the API, files, other sites, fragments and already-prefixed paths alone', () => {
    withLinkLanguage(ARABIC, () => {
      for (const same of [
        '/api/v1/cart/action',
        '/uploads/p/1.webp',
        '/_astro/x.js',
        '/brand/logo.svg',
        '/sitemap.xml',
        '/blog/feed.xml',
        'https://elsewhere.example/cart',
        '//elsewhere.example/cart',
        '#main',
        '/ar',
        '/ar/cart',
        '/ar?x=1',
      ])
        expect(localHref(same), same).toBe(same);
      // A path that merely starts with the letters of the code is not prefixed already.
      expect(localHref('/archive')).toBe('/ar/archive');
    });
  });

  it('is unprefixed outside a request (scripts, the sitemap, tests) and never leaks between requests', async () => {
    expect(cartUrl()).toBe('/cart');
    const seen = await Promise.all([
      withLinkLanguage(ARABIC, async () => {
        await new Promise((r) => setTimeout(r, 5));
        return cartUrl();
      }),
      withLinkLanguage(ENGLISH, async () => cartUrl()),
      withLinkLanguage({ lang: 'fr', defaultLang: 'en' }, async () => {
        await Promise.resolve();
        return cartUrl();
      }),
    ]);
    expect(seen).toEqual(['/ar/cart', '/cart', '/fr/cart']);
    expect(cartUrl()).toBe('/cart');
  });
});

describe('localHref in the browser reads <html lang data-default-lang>', () => {
  const g = globalThis as { document?: unknown };
  afterEach(() => {
    delete g.document;
  });
  it('prefixes in an Arabic page and not in an English one', () => {
    g.document = { documentElement: { lang: 'ar', dataset: { defaultLang: 'en' } } };
    expect(cartUrl()).toBe('/ar/cart');
    g.document = { documentElement: { lang: 'en', dataset: { defaultLang: 'en' } } };
    expect(cartUrl()).toBe('/cart');
  });
});

describe('inRequestLanguage: a redirect after an action stays in the page’s language', () => {
  const locals = (lang: string) => ({ lang, defaultLanguage: 'en', languages });
  it('prefixes an unprefixed target and keeps one that already names a language', () => {
    expect(inRequestLanguage(locals('ar'), '/user/addresses')).toBe('/ar/user/addresses');
    expect(inRequestLanguage(locals('ar'), '/fr/cart')).toBe('/fr/cart');
    expect(inRequestLanguage(locals('ar'), '/ar/cart?x=1')).toBe('/ar/cart?x=1');
    expect(inRequestLanguage(locals('en'), '/cart')).toBe('/cart');
    expect(inRequestLanguage(locals('fr'), '/')).toBe('/fr');
    expect(inRequestLanguage(locals('ar'), '/api/v1/user/logout')).toBe('/api/v1/user/logout');
  });
});

describe('languageRedirect: the cookie sends an unprefixed page to its language', () => {
  const base = { method: 'GET', search: '', accept: 'text/html,application/xhtml+xml', prefixes: ['ar', 'fr'] };
  it('redirects a page navigation, keeping the path and the query', () => {
    expect(languageRedirect({ ...base, pathname: '/', cookie: 'ar' })).toBe('/ar');
    expect(languageRedirect({ ...base, pathname: '/all/chargers', search: '?page=2', cookie: 'ar' })).toBe('/ar/all/chargers?page=2');
    expect(languageRedirect({ ...base, method: 'HEAD', pathname: '/cart', cookie: 'FR' })).toBe('/fr/cart');
  });
  it('never for English, an unknown language, a prefixed path, the API, files, POSTs or non-page requests', () => {
    expect(languageRedirect({ ...base, pathname: '/', cookie: 'en' })).toBeNull();
    expect(languageRedirect({ ...base, pathname: '/', cookie: 'xx' })).toBeNull();
    expect(languageRedirect({ ...base, pathname: '/', cookie: undefined })).toBeNull();
    expect(languageRedirect({ ...base, pathname: '/ar/cart', cookie: 'ar' })).toBeNull();
    expect(languageRedirect({ ...base, pathname: '/fr/cart', cookie: 'ar' })).toBeNull();
    expect(languageRedirect({ ...base, pathname: '/api/v1/home', cookie: 'ar' })).toBeNull();
    expect(languageRedirect({ ...base, pathname: '/sitemap.xml', cookie: 'ar' })).toBeNull();
    expect(languageRedirect({ ...base, pathname: '/uploads/a.webp', cookie: 'ar' })).toBeNull();
    expect(languageRedirect({ ...base, pathname: '/social-callback', search: '?code=1', cookie: 'ar' })).toBeNull();
    expect(languageRedirect({ ...base, pathname: '/payment-return/stripe/5', cookie: 'ar' })).toBeNull();
    expect(languageRedirect({ ...base, method: 'POST', pathname: '/checkout', cookie: 'ar' })).toBeNull();
    expect(languageRedirect({ ...base, accept: 'application/json', pathname: '/cart', cookie: 'ar' })).toBeNull();
  });
});

describe('sitemap and robots in every language', () => {
  it('lists each page per language with hreflang alternates and x-default', () => {
    const xml = renderSitemap('https://s.example', [{ path: '/cart?x=1' }, { path: '/', lastmod: '2026-01-02' }], {
      codes: ['en', 'ar', 'fr'],
      defaultLang: 'en',
    });
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const loc of ['/cart?x=1', '/ar/cart?x=1', '/fr/cart?x=1', '/', '/ar', '/fr'])
      expect(xml).toContain(`<loc>${`https://s.example${loc}`.replace('&', '&amp;')}</loc>`);
    expect(xml.match(/<url>/g)).toHaveLength(6);
    const arabicHome = xml.split('\n').find((l) => l.includes('<loc>https://s.example/ar</loc>'))!;
    expect(arabicHome).toContain('<lastmod>2026-01-02</lastmod>');
    expect(arabicHome).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://s.example/"/>');
    expect(arabicHome).toContain('<xhtml:link rel="alternate" hreflang="ar" href="https://s.example/ar"/>');
    expect(arabicHome).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://s.example/fr"/>');
    expect(arabicHome).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://s.example/"/>');
    expect(localizedPath('/cart', 'ar', 'en')).toBe('/ar/cart');
  });
  it('closes the private areas under every prefix', () => {
    const txt = renderRobots('https://s.example', ['ar', 'fr']);
    for (const path of ['/user', '/cart', '/checkout', '/ar/user', '/ar/cart', '/fr/checkout'])
      expect(txt).toContain(`Disallow: ${path}\n`);
  });
});
