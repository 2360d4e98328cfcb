import { beforeEach, describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import { pageCache, withPageCaching } from '@/server/web/page-caching';
import { etagOf } from '@/server/web/cache';
import { useStoppedClock } from '../setup/clock';

// The page cache keeps a copy 10 s: the clock stands still in each test, so a repeat is a hit however slow the machine.
useStoppedClock();

/** Just enough of Astro's context for the caching step: the request, locals and cookies set so far. */
function context(
  path: string,
  init: { method?: string; headers?: Record<string, string>; locals?: Partial<App.Locals>; cookies?: string[] } = {},
) {
  const url = new URL(path, 'http://shop.test');
  const locals = { lang: 'en', saveData: false, user: null, flash: null, ...init.locals } as App.Locals;
  const setCookies = init.cookies ?? [];
  return {
    url,
    request: new Request(url, { method: init.method ?? 'GET', headers: init.headers }),
    locals,
    cookies: {
      *headers() {
        yield* setCookies;
      },
    },
  } as unknown as APIContext;
}

/** A page render that counts how often it ran and opts into a cache policy like a page's frontmatter. */
function page(body: string, policy?: 'catalog' | 'static', init: ResponseInit = {}) {
  const calls = { count: 0 };
  const next = (ctx: APIContext) => async () => {
    calls.count++;
    ctx.locals.cachePolicy = policy;
    return new Response(body, { status: 200, headers: { 'content-type': 'text/html' }, ...init });
  };
  return { calls, next };
}

beforeEach(() => pageCache.clear());

describe('guest pages that opt in', () => {
  it('get a strong ETag, public Cache-Control and Vary', async () => {
    const ctx = context('/site-map');
    const res = await withPageCaching(ctx, page('<h1>map</h1>', 'static').next(ctx));
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(etagOf('<h1>map</h1>'));
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get('vary')).toContain('Cookie');
    expect(await res.text()).toBe('<h1>map</h1>');
  });

  it('answer a matching If-None-Match with 304 and no body', async () => {
    const tag = etagOf('<h1>cat</h1>');
    const ctx = context('/all/cables', { headers: { 'if-none-match': tag } });
    const res = await withPageCaching(ctx, page('<h1>cat</h1>', 'catalog').next(ctx));
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(tag);
    expect(await res.text()).toBe('');
  });

  it('are served from memory on a repeat view, and 304 from there too', async () => {
    const render = page('<h1>cat</h1>', 'catalog');
    const first = context('/all/cables');
    await withPageCaching(first, render.next(first));
    const second = context('/all/cables');
    const again = await withPageCaching(second, render.next(second));
    expect(render.calls.count).toBe(1);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(await again.text()).toBe('<h1>cat</h1>');
    const third = context('/all/cables', { headers: { 'if-none-match': etagOf('<h1>cat</h1>') } });
    expect((await withPageCaching(third, render.next(third))).status).toBe(304);
  });

  it('are kept apart per language, Save-Data and query', async () => {
    const render = page('<h1>x</h1>', 'catalog');
    for (const ctx of [
      context('/c'),
      context('/c', { locals: { lang: 'ar' } }),
      context('/c', { locals: { saveData: true } }),
      context('/c?page=2'),
    ]) {
      await withPageCaching(ctx, render.next(ctx));
    }
    expect(render.calls.count).toBe(4);
  });
});

describe('personal or other responses', () => {
  it('a signed-in person gets private, no-store and never the guest copy', async () => {
    const render = page('<h1>cat</h1>', 'catalog');
    const guest = context('/all/cables');
    await withPageCaching(guest, render.next(guest));
    const ctx = context('/all/cables', {
      locals: { user: { id: 1, name: 'Ada L', email: 'a@x.io', roles: [], permissions: [], twoFactor: false } },
    });
    const res = await withPageCaching(ctx, render.next(ctx));
    expect(render.calls.count).toBe(2);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it('a page that showed a flash is never cached nor served from memory', async () => {
    const render = page('<h1>cat</h1>', 'catalog');
    const guest = context('/all/cables');
    await withPageCaching(guest, render.next(guest));
    const ctx = context('/all/cables', {
      locals: { flash: { type: 'success', message: 'Subscribed successfully' } },
      cookies: ['frontend_flash=; Max-Age=0'],
    });
    const res = await withPageCaching(ctx, render.next(ctx));
    expect(render.calls.count).toBe(2);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a page that sets a cookie, or did not opt in, keeps its headers and is not remembered', async () => {
    const withCookie = page('<h1>a</h1>', 'catalog');
    const a = context('/a', { cookies: ['guest=1'] });
    const resA = await withPageCaching(a, withCookie.next(a));
    expect(resA.headers.get('etag')).toBeNull();
    const plain = page('<h1>b</h1>');
    const b = context('/b');
    const resB = await withPageCaching(b, plain.next(b));
    expect(resB.headers.get('cache-control')).toBeNull();
    expect(pageCache.size).toBe(0);
  });

  it('an error status or a POST is not cached', async () => {
    const missing = page('<h1>404</h1>', 'catalog', { status: 404 });
    const a = context('/gone');
    expect((await withPageCaching(a, missing.next(a))).headers.get('etag')).toBeNull();
    const post = page('<h1>ok</h1>', 'catalog');
    const b = context('/x', { method: 'POST' });
    expect((await withPageCaching(b, post.next(b))).headers.get('etag')).toBeNull();
    expect(pageCache.size).toBe(0);
  });

  it('a page a part of which failed while its body streamed is sent, but never cached', async () => {
    const ctx = context('/products/product/x');
    const streamed = async () => {
      ctx.locals.cachePolicy = 'catalog';
      // The reviews below the fold fail while the body is being rendered (server/web/deferred.ts).
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          ctx.locals.degraded = true;
          controller.enqueue(new TextEncoder().encode('<h1>x</h1><p>Reviews could not be loaded</p>'));
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/html' } });
    };
    const res = await withPageCaching(ctx, streamed);
    expect(await res.text()).toContain('Reviews could not be loaded');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(pageCache.size).toBe(0);
  });
});
