import type { APIContext } from 'astro';
import { CACHE, decideCaching, etagOf, matchesIfNoneMatch, notModified, PRIVATE_NO_STORE, publicHeaders } from '@/server/web/cache';
import { PageCache, pageKey } from '@/server/web/page-cache';
import { cookieNoticeDismissedIn } from '@/server/web/cookie-notice';
import { registerCache } from '@/server/core/memo';

/** This process's memory of guest pages (see page-cache.ts); emptied with the memos when a change is announced. */
export const pageCache = new PageCache();
registerCache(pageCache);

/** True when this request may be answered from memory: a guest reading, with no flash waiting. */
const mayUseMemory = (ctx: APIContext) =>
  (ctx.request.method === 'GET' || ctx.request.method === 'HEAD') && !ctx.locals.user && !ctx.locals.flash;

/** Answers from memory (or 304) when a fresh guest copy exists; otherwise renders and applies the caching decision. */
export async function withPageCaching(ctx: APIContext, next: () => Promise<Response>): Promise<Response> {
  // A browser that closed the cookie notice without JavaScript gets the copy without it.
  const key = pageKey(ctx.url, ctx.locals.lang, ctx.locals.saveData) + (cookieNoticeDismissedIn(ctx.request) ? '|notice-closed' : '');
  if (mayUseMemory(ctx)) {
    const hit = pageCache.get(key);
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set('x-page-cache', 'hit');
      if (matchesIfNoneMatch(ctx.request.headers.get('if-none-match'), headers.get('etag') ?? '')) return notModified(headers);
      return new Response(ctx.request.method === 'HEAD' ? null : hit.body, { status: hit.status, headers });
    }
  }
  const response = await next();
  const decision = decideCaching({
    method: ctx.request.method,
    policy: ctx.locals.cachePolicy,
    signedIn: Boolean(ctx.locals.user),
    showedFlash: Boolean(ctx.locals.flash),
    setsCookie: response.headers.has('set-cookie') || [...ctx.cookies.headers()].length > 0,
    status: response.status,
    contentType: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
  });
  if (decision.kind === 'private') {
    response.headers.set('cache-control', PRIVATE_NO_STORE);
    return response;
  }
  if (decision.kind === 'untouched') return response;
  const body = await response.text();
  const headers = new Headers(response.headers);
  // A part failed while the body was rendered (reviews, suggestions): send it, but let nobody keep it.
  if (ctx.locals.degraded) {
    headers.set('cache-control', CACHE.none);
    return new Response(ctx.request.method === 'HEAD' ? null : body, { status: response.status, headers });
  }
  for (const [name, value] of Object.entries(publicHeaders(decision.policy, etagOf(body)))) headers.set(name, value);
  if (ctx.request.method === 'GET') pageCache.set(key, { body, status: response.status, headers: [...headers] });
  if (matchesIfNoneMatch(ctx.request.headers.get('if-none-match'), headers.get('etag')!)) return notModified(headers);
  return new Response(ctx.request.method === 'HEAD' ? null : body, { status: response.status, headers });
}
