import { pageCacheBounds } from '@/server/core/cache-bounds';
import type { APIContext } from 'astro';
import { CACHE, decideCaching, etagOf, matchesIfNoneMatch, notModified, PRIVATE_NO_STORE, publicHeaders } from '@/server/web/cache';
import { PageCache, pageKey } from '@/server/web/page-cache';
import { cookieNoticeDismissedIn } from '@/server/web/cookie-notice';
import { registerCache } from '@/server/core/memo';
import { personalBytes, templateOf } from '@/server/web/personal';
import { encode, encodedHeaders, pickEncoding, type Encoding } from '@/server/web/encoding';
import { shellFactsOf } from '@/server/lists/shell';
import { cartUrl } from '@/lib/urls';
import { getEnv } from '@/server/core/env';
import { asNobody, oneBuildAtATime } from '@/server/web/one-build';

/** This process's memory of guest pages (see page-cache.ts); emptied with the memos when a change is announced. */
export const pageCache = new PageCache(pageCacheBounds('PAGE_CACHE', 200, 16));
registerCache(pageCache);

/**
 * What a page's HTML varies on beside who asks: the URL, language, Save-Data, and whether the browser
 * closed the cookie notice without JavaScript (it then gets the copy without it).
 */
export const pageKeyOf = (ctx: APIContext) =>
  pageKey(ctx.url, ctx.locals.lang, ctx.locals.saveData) + (cookieNoticeDismissedIn(ctx.request) ? '|notice-closed' : '');

/** True when this request may be answered from memory: a guest reading, with no flash waiting. */
const mayUseMemory = (ctx: APIContext) =>
  (ctx.request.method === 'GET' || ctx.request.method === 'HEAD') && !ctx.locals.user && !ctx.locals.flash;

/**
 * Routes (Astro's pattern) whose HTML is the shared catalog copy plus the personal shell: learnt from
 * each render (the page set a cache policy and did not say it is personal beyond the shell).
 */
const sharedRoutes = new Set<string>();
/**
 * The same for pages rendered from another path (`/ar/all/phones` renders `/all/phones`), by that
 * path: such a request carries the route pattern its prefixed URL matched, not the rendered page's,
 * so only what a render of this very path showed can say it is shared.
 */
const sharedPaths = new Set<string>();
const SHARED_PATHS_MAX = 10_000;

/** `renders`: the path (and query) this request renders when it is not its own (a language prefix), else null. */
type Rendering = { renders: string | null };
const renderedPath = (renders: string) => renders.split('?')[0]!;

/** Whether this request's page is known to be shared catalog HTML. */
const isShared = (ctx: APIContext, { renders }: Rendering) =>
  renders ? sharedPaths.has(renderedPath(renders)) : sharedRoutes.has(ctx.routePattern);

/** True when a signed-in shopper may get the shared copy with their parts filled in (decision 0024). */
const mayPersonalise = (ctx: APIContext, rendering: Rendering) =>
  getEnv().SHARED_CATALOG_HTML !== 'off' &&
  ctx.request.method === 'GET' &&
  Boolean(ctx.locals.user) &&
  !ctx.locals.flash &&
  isShared(ctx, rendering);

/**
 * Answers from memory (or 304) when a fresh guest copy exists; otherwise renders and applies the caching
 * decision. `renders`: the path a prefixed request renders (`/ar/cart` renders `/cart`); whether it is
 * shared is then learnt by that path, not by the route pattern (see sharedPaths).
 */
export async function withPageCaching(
  ctx: APIContext,
  next: () => Promise<Response>,
  rendering: Rendering = { renders: null },
): Promise<Response> {
  const key = pageKeyOf(ctx);
  if (mayPersonalise(ctx, rendering)) {
    const shared = await sharedCopy(ctx, key, next, rendering);
    if (shared) return personalResponse(ctx, shared);
  }
  if (mayUseMemory(ctx) && ctx.request.method === 'GET' && isShared(ctx, rendering)) {
    // A guest on a page known to be shared: the kept copy, or the one render of it under way.
    const copy = await sharedCopy(ctx, key, next, rendering);
    // Rendered for this guest but not kept (an error status, a failed part): their answer as it was made.
    if (copy && !copy.kept) return new Response(copy.body, { status: copy.status, headers: copy.headers });
    if (copy) {
      const headers = new Headers(copy.headers);
      headers.set('x-page-cache', copy.from);
      if (matchesIfNoneMatch(ctx.request.headers.get('if-none-match'), headers.get('etag') ?? '')) return notModified(headers);
      return encodedResponse(ctx, copy.entry as SharedPage, headers, copy.from === 'hit' ? key : null);
    }
  } else if (mayUseMemory(ctx)) {
    const hit = pageCache.get(key);
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set('x-page-cache', 'hit');
      if (matchesIfNoneMatch(ctx.request.headers.get('if-none-match'), headers.get('etag') ?? '')) return notModified(headers);
      return encodedResponse(ctx, hit, headers, key);
    }
  }
  const response = await next();
  learnRoute(ctx, response, rendering);
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
  return encodedResponse(ctx, pageCache.get(key) ?? { body, status: response.status }, headers);
}

/** Remembers a route (or a prefixed request's path) whose page is shared catalog HTML (a 200 with a cache policy, not personal beyond the shell). */
function learnRoute(ctx: APIContext, response: Response, { renders }: Rendering) {
  if (ctx.locals.personalPage) {
    if (renders) sharedPaths.delete(renderedPath(renders));
    else sharedRoutes.delete(ctx.routePattern);
    return;
  }
  if (response.status !== 200 || !ctx.locals.cachePolicy || !ctx.routePattern) return;
  if (!renders) sharedRoutes.add(ctx.routePattern);
  else {
    if (sharedPaths.size >= SHARED_PATHS_MAX) sharedPaths.clear();
    sharedPaths.add(renderedPath(renders));
  }
}

/**
 * The guest copy of this page: from memory, or rendered now as a guest sees it (the identity is set
 * aside for the render and put back after) and kept like any guest page. Null when the page turns out
 * not to be shareable (an error, a failed part, a cookie): the caller then renders it for the shopper.
 */
async function sharedCopy(ctx: APIContext, key: string, next: () => Promise<Response>, how: Rendering): Promise<SharedCopy | null> {
  const hit = pageCache.get(key);
  if (hit) return { ...hit, from: 'hit', entry: hit, kept: true };
  // One render per page at a time: a burst of requests for a page nobody kept waits for the first one's
  // (and renders its own when that one could not be kept).
  return oneBuildAtATime<SharedPage, SharedCopy | null>(
    rendering,
    key,
    (waited) => ({ ...waited, from: 'hit', entry: waited, kept: true }),
    async () => {
      const page = await renderShared(ctx, key, next, how);
      const entry = page?.kept ? (pageCache.get(key) ?? page) : null;
      return { result: page && { ...page, from: 'miss', entry: entry ?? page }, kept: entry };
    },
  );
}

interface SharedPage {
  body: string;
  status: number;
  headers: [string, string][];
}
type SharedCopy = SharedPage & { from: 'hit' | 'miss'; entry: object; kept: boolean };

/** Renders of shared copies under way, by page key. */
const rendering = new Map<string, Promise<SharedPage | null>>();

/**
 * Renders the page as a guest sees it (the identity set aside, then put back). A shareable copy is kept;
 * one that is not (an error status, a failed part, a cookie) is still this request's answer, not kept.
 * Null only when the page says it is personal beyond the shell: the caller renders it for the shopper.
 */
async function renderShared(
  ctx: APIContext,
  key: string,
  next: () => Promise<Response>,
  rendering: Rendering,
): Promise<(SharedPage & { kept: boolean }) | null> {
  const { response, body, setsCookie } = await asNobody(ctx.locals, async () => {
    const response = await next();
    const body = await response.text();
    return { response, body, setsCookie: response.headers.has('set-cookie') || [...ctx.cookies.headers()].length > 0 };
  });
  learnRoute(ctx, response, rendering);
  if (ctx.locals.personalPage) {
    // Not seen before this render: render it again, for this shopper (the route is no longer shared).
    ctx.locals.cachePolicy = undefined;
    ctx.locals.personalPage = undefined;
    return null;
  }
  const decision = decideCaching({
    method: 'GET',
    policy: ctx.locals.cachePolicy,
    signedIn: false,
    showedFlash: false,
    setsCookie,
    status: response.status,
    contentType: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
  });
  const headers = new Headers(response.headers);
  if (decision.kind !== 'public' || ctx.locals.degraded) {
    if (ctx.locals.degraded) headers.set('cache-control', CACHE.none);
    return { body, status: response.status, headers: [...headers], kept: false };
  }
  for (const [name, value] of Object.entries(publicHeaders(decision.policy, etagOf(body)))) headers.set(name, value);
  const page = { body, status: response.status, headers: [...headers] as [string, string][] };
  pageCache.set(key, page);
  return { ...(pageCache.get(key) ?? page), kept: true };
}

/** The shared copy with this shopper's name, cart count, hearts and vouchers filled in, compressed once; private, never stored. */
async function personalResponse(ctx: APIContext, shared: SharedCopy) {
  const user = ctx.locals.user!;
  const template = templateOf(shared.entry, shared.body);
  const facts = await shellFactsOf(user.id, template.voucherIds);
  const body = personalBytes(template, { t: ctx.locals.t, name: user.name, cartHref: cartUrl(), facts });
  const headers = new Headers(shared.headers);
  headers.delete('etag');
  headers.set('cache-control', PRIVATE_NO_STORE);
  headers.set('x-page-cache', `${shared.from}, personal`);
  const encoding = pickEncoding(ctx.request.headers.get('accept-encoding'));
  const bytes = await encode(body, encoding, 'once');
  encodedHeaders(headers, encoding, bytes.length);
  return new Response(ctx.request.method === 'HEAD' ? null : asBody(bytes), { status: shared.status, headers });
}

/** A Buffer as a Response body (the DOM typings want an ArrayBuffer-backed view; a Buffer is one). */
const asBody = (bytes: Buffer) => bytes as unknown as BodyInit;

/** Each kept page's bytes per encoding, compressed once (the first request asking for an encoding waits for it). */
const encodedPages = new WeakMap<object, Map<Encoding, Promise<Buffer>>>();

/**
 * A guest page's answer in the encoding the browser takes, compressed once per kept copy. `hitKey`: the
 * page-cache key when the answer is a kept copy served again — the front door may then repeat it.
 */
export async function encodedResponse(
  ctx: APIContext,
  page: { body: string; status: number },
  headers: Headers,
  hitKey: string | null = null,
): Promise<Response> {
  const encoding = pickEncoding(ctx.request.headers.get('accept-encoding'));
  let forPage = encodedPages.get(page);
  if (!forPage) encodedPages.set(page, (forPage = new Map()));
  let bytes = forPage.get(encoding);
  if (!bytes) {
    bytes = encode(page.body, encoding, 'kept');
    forPage.set(encoding, bytes);
  }
  const encoded = await bytes;
  encodedHeaders(headers, encoding, encoded.length);
  if (hitKey && page.status === 200) ctx.locals.keptAnswer = { bytes: encoded, alive: () => pageCache.isCurrent(hitKey, page) };
  return new Response(ctx.request.method === 'HEAD' ? null : asBody(encoded), { status: page.status, headers });
}
