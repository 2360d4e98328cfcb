import { describe, expect, it } from 'vitest';
import { CACHE_CONTROL, decideCaching, etagOf, matchesIfNoneMatch, notModified, VARY, type CacheFacts } from '@/server/web/cache';
import { PageCache, pageKey } from '@/server/web/page-cache';

const guestPage: CacheFacts = {
  method: 'GET',
  policy: 'catalog',
  signedIn: false,
  showedFlash: false,
  setsCookie: false,
  status: 200,
  contentType: 'text/html',
  cacheControl: null,
};

describe('decideCaching', () => {
  it('makes a guest 200 HTML read of an opted-in page public', () => {
    expect(decideCaching(guestPage)).toEqual({ kind: 'public', policy: 'catalog' });
    expect(decideCaching({ ...guestPage, method: 'HEAD', policy: 'static', contentType: 'text/html; charset=utf-8' })).toEqual({
      kind: 'public',
      policy: 'static',
    });
  });
  it.each([
    ['no policy', { policy: undefined }],
    ['a POST', { method: 'POST' }],
    ['a 404', { status: 404 }],
    ['a redirect', { status: 303 }],
    ['JSON', { contentType: 'application/json' }],
    ['a set cookie', { setsCookie: true }],
    ['its own Cache-Control', { cacheControl: 'no-cache' }],
  ] as const)('leaves %s alone', (_what, change) => {
    expect(decideCaching({ ...guestPage, ...change })).toEqual({ kind: 'untouched' });
  });
  it('makes signed-in and flash pages private, even when the page opted in', () => {
    expect(decideCaching({ ...guestPage, signedIn: true })).toEqual({ kind: 'private' });
    expect(decideCaching({ ...guestPage, showedFlash: true })).toEqual({ kind: 'private' });
    expect(decideCaching({ ...guestPage, policy: undefined, signedIn: true })).toEqual({ kind: 'private' });
  });
  it('does not touch a signed-in API answer', () => {
    expect(decideCaching({ ...guestPage, signedIn: true, contentType: 'application/json' })).toEqual({ kind: 'untouched' });
  });
  it('uses the catalog and static lifetimes and varies on what changes the HTML', () => {
    expect(CACHE_CONTROL.catalog).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(CACHE_CONTROL.static).toMatch(/^public, max-age=\d+/);
    for (const v of ['Accept-Encoding', 'Save-Data', 'Cookie', 'Language']) expect(VARY).toContain(v);
  });
});

describe('ETag', () => {
  it('is strong, stable for the same body and different for another', () => {
    const a = etagOf('<p>one</p>');
    expect(a).toMatch(/^"[\w-]+"$/);
    expect(etagOf('<p>one</p>')).toBe(a);
    expect(etagOf('<p>two</p>')).not.toBe(a);
  });
  it('matches If-None-Match lists, weak forms and *', () => {
    const tag = etagOf('x');
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", W/${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(null, tag)).toBe(false);
  });
  it('answers 304 with the validators and the page CSP, and no body', async () => {
    const csp = "script-src 'self' 'sha256-x'";
    const res = notModified(
      new Headers({ etag: '"a"', 'cache-control': 'public', vary: VARY, 'content-type': 'text/html', 'content-security-policy': csp }),
    );
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe('"a"');
    expect(res.headers.get('content-security-policy')).toBe(csp);
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('');
  });
});

describe('PageCache', () => {
  const page = (body: string) => ({ body, status: 200, headers: [] as [string, string][] });

  it('forgets entries after the TTL', () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 1000, now: () => now });
    cache.set('a', page('A'));
    now = 999;
    expect(cache.get('a')?.body).toBe('A');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });
  it('drops the least recently used entry past its size', () => {
    const cache = new PageCache({ maxEntries: 2 });
    cache.set('a', page('A'));
    cache.set('b', page('B'));
    cache.get('a');
    cache.set('c', page('C'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body).toBe('A');
    expect(cache.size).toBe(2);
  });
  it('keeps within its byte budget and skips huge pages', () => {
    const cache = new PageCache({ maxBytes: 100 });
    cache.set('huge', page('x'.repeat(60)));
    expect(cache.get('huge')).toBeUndefined();
    for (const k of ['a', 'b', 'c', 'd', 'e']) cache.set(k, page('y'.repeat(25)));
    expect(cache.size).toBe(4);
    expect(cache.get('a')).toBeUndefined();
  });
  it('keys by URL with query, language and Save-Data', () => {
    const url = new URL('http://x/all/cables?page=2');
    expect(pageKey(url, 'en', false)).not.toBe(pageKey(url, 'ar', false));
    expect(pageKey(url, 'en', false)).not.toBe(pageKey(url, 'en', true));
    expect(pageKey(url, 'en', false)).not.toBe(pageKey(new URL('http://x/all/cables?page=3'), 'en', false));
  });
});
