import { pageCacheBounds } from '@/server/core/cache-bounds';
import type { APIContext } from 'astro';
import { etagOf, matchesIfNoneMatch, notModified } from '@/server/web/cache';
import { PageCache, type CachedPage } from '@/server/web/page-cache';
import { encodedResponse } from '@/server/web/page-caching';
import { registerCache } from '@/server/core/memo';
import { asNobody, oneBuildAtATime } from '@/server/web/one-build';
import { onStockChange } from '@/server/core/stock-changes';
import { API_VARY, apiKey, mayKeepAnswer } from '@/server/web/api-cache';
import { withWishlisted } from '@/server/lists/api-marks';

/**
 * Shared routes whose answer carries `wishlisted` (the spec's client reads it): a signed-in caller gets the
 * kept answer with their own hearts filled in, privately; guests keep the shared copy as it is.
 */
const WITH_HEARTS = new Set(['/api/v1/product/[id]', '/api/v1/all']);

/**
 * Public catalog API answers kept in memory like guest pages (decision 0025): product detail, listings,
 * categories, home, common… An endpoint opts in with `route(…, { shared: true })`, which says its answer
 * carries nothing per person; such an answer is built with the caller's identity set aside, kept per
 * process for a few seconds (emptied with the memos when a change is announced), compressed once per
 * encoding, and sent to everyone asking for the same path, query and language, signed in or not.
 */
export const apiCache = new PageCache(pageCacheBounds('API_CACHE', 500, 16));
registerCache(apiCache);
// A shopper who just ordered (or cancelled) reads the stock again at once (core/stock-changes.ts).
onStockChange(() => apiCache.clear());

/** Routes (Astro's pattern) whose GET answer said it is shared: learnt from the first answer of each. */
const sharedRoutes = new Set<string>();

/** Forgets which routes are shared (tests: a file that needs a route not yet seen). */
export const forgetSharedRoutes = () => sharedRoutes.clear();

/** Builds of kept answers under way, by key: a burst of misses waits for the first one's. */
const building = new Map<string, Promise<CachedPage | null>>();

/** Answers an API GET or HEAD from memory when it can; every other request goes straight to the endpoint. */
export async function withApiCaching(ctx: APIContext, next: () => Promise<Response>): Promise<Response> {
  const method = ctx.request.method;
  if (method !== 'GET' && method !== 'HEAD') return next();
  const key = apiKey(ctx.url, ctx.locals.lang);
  const hit = apiCache.get(key);
  const user = ctx.locals.user;
  if (method === 'GET' && user && WITH_HEARTS.has(ctx.routePattern)) {
    if (hit) return withHearts(hit, user.id);
    const built = await asNobody(ctx.locals, () => build(ctx, key, next, true));
    return built.kept ? withHearts(built.kept, user.id) : built.response;
  }
  if (hit) return fromMemory(ctx, hit, 'hit');
  if (method === 'GET' && sharedRoutes.has(ctx.routePattern)) return buildOnce(ctx, key, next);
  // Not known to be shared yet (or a HEAD): the endpoint answers this caller; a shared answer built
  // for nobody in particular is kept, and teaches the route.
  const { response, kept } = await build(ctx, key, next, isAnonymous(ctx));
  return kept ? fromMemory(ctx, kept, 'miss') : response;
}

const isAnonymous = (ctx: APIContext) => !ctx.locals.user && !ctx.locals.guestToken && !ctx.locals.sessionHash;

/** The kept answer of a shared route: from the build under way, else built now as nobody in particular. */
async function buildOnce(ctx: APIContext, key: string, next: () => Promise<Response>): Promise<Response> {
  return oneBuildAtATime(
    building,
    key,
    (waited) => fromMemory(ctx, waited, 'hit'),
    async () => {
      const built = await asNobody(ctx.locals, () => build(ctx, key, next, true));
      return { result: await (built.kept ? fromMemory(ctx, built.kept, 'miss') : built.response), kept: built.kept };
    },
  );
}

type Built = { response: Response; kept: CachedPage | null };

/** Lets the endpoint answer; keeps the answer (with its ETag) when the rules allow it. */
async function build(ctx: APIContext, key: string, next: () => Promise<Response>, anonymous: boolean): Promise<Built> {
  const response = await next();
  const shared = Boolean(ctx.locals.sharedAnswer);
  if (shared && ctx.routePattern) sharedRoutes.add(ctx.routePattern);
  const keep = mayKeepAnswer({
    method: ctx.request.method,
    shared,
    anonymous,
    status: response.status,
    setsCookie: response.headers.has('set-cookie') || [...ctx.cookies.headers()].length > 0,
    cacheControl: response.headers.get('cache-control'),
    degraded: Boolean(ctx.locals.degraded),
  });
  if (!keep) {
    if (shared) response.headers.set('x-api-cache', 'miss, not kept');
    return { response, kept: null };
  }
  const body = await response.text();
  const headers = new Headers(response.headers);
  headers.set('etag', etagOf(body));
  headers.set('vary', API_VARY);
  apiCache.set(key, { body, status: response.status, headers: [...headers] });
  return { response, kept: apiCache.get(key) ?? { body, status: response.status, headers: [...headers], storedAt: 0 } };
}

/** The kept answer with this caller's hearts: built from the shared bytes, never kept, never shared. */
async function withHearts(kept: CachedPage, userId: number): Promise<Response> {
  const headers = new Headers(kept.headers);
  headers.delete('etag');
  headers.set('cache-control', 'private, no-store');
  headers.set('x-api-cache', 'personal');
  return new Response(await withWishlisted(kept.body, userId), { status: kept.status, headers });
}

/** A kept answer: 304 when the caller has it, else its bytes in the caller's encoding (compressed once). */
function fromMemory(ctx: APIContext, kept: CachedPage, from: 'hit' | 'miss'): Promise<Response> | Response {
  const headers = new Headers(kept.headers);
  headers.set('x-api-cache', from);
  if (matchesIfNoneMatch(ctx.request.headers.get('if-none-match'), headers.get('etag') ?? '')) return notModified(headers);
  return encodedResponse(ctx, kept, headers);
}
