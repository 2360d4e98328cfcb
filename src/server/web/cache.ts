import { createHash } from 'node:crypto';

/**
 * HTTP caching of guest HTML (docs/decisions/0006-caching.md). A page opts in with
 * `Astro.locals.cachePolicy`; the middleware asks `decideCaching` what to do with the response.
 */
export type CachePolicy = 'catalog' | 'static';

/**
 * The one table of Cache-Control policies: every answer's caching is named here, never written inline.
 * Catalog answers carry nothing per person (wishlisted is always null there), so shared caches may keep
 * them briefly; whatever is personal or a redirect is never stored.
 */
export const CACHE = {
  /** Errors, redirects, personal JSON, search results: never stored. */
  none: 'no-store',
  /** Signed-in pages and account areas. */
  private: 'private, no-store',
  /** Guest catalog pages and catalog API answers. */
  catalog: 'public, max-age=60, stale-while-revalidate=600',
  /** Guest pages that change rarely (help, legal). */
  static: 'public, max-age=300, stale-while-revalidate=86400',
  /** The shop's settings (`common`). */
  settings: 'public, max-age=30, stale-while-revalidate=300',
  /** Search suggestions for a typed prefix. */
  suggestions: 'public, max-age=60',
  /** Reference data and feeds: countries and phones, the sitemap. */
  reference: 'public, max-age=3600',
  /** robots.txt. */
  daily: 'public, max-age=86400',
  /** Uploaded files: their names change when they do. */
  immutable: 'public, max-age=31536000, immutable',
} as const;
export type CacheName = keyof typeof CACHE;

/** The header of a named policy, to spread into a response's headers. */
export const cacheHeader = (name: CacheName) => ({ 'cache-control': CACHE[name] });

export const CACHE_CONTROL: Record<CachePolicy, string> = { catalog: CACHE.catalog, static: CACHE.static };
export const PRIVATE_NO_STORE = CACHE.private;
/** The HTML depends on the encoding, Save-Data, the language (cookie or header) and who is signed in (cookie). */
export const VARY = 'Accept-Encoding, Save-Data, Language, Cookie';

export interface CacheFacts {
  method: string;
  policy: CachePolicy | undefined;
  signedIn: boolean;
  /** A flash message was read for this request: the page is personal. */
  showedFlash: boolean;
  /** Cookies were set while building the response. */
  setsCookie: boolean;
  status: number;
  contentType: string | null;
  /** The response already chose its own Cache-Control. */
  cacheControl: string | null;
}

export type CacheDecision = { kind: 'public'; policy: CachePolicy } | { kind: 'private' } | { kind: 'untouched' };

const isHtml = (type: string | null) => (type ?? '').toLowerCase().startsWith('text/html');
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** Public caching only for a guest's 200 HTML read of an opted-in page that set no cookie and showed no flash. */
export function decideCaching(f: CacheFacts): CacheDecision {
  const html = isHtml(f.contentType);
  if (html && (f.signedIn || f.showedFlash)) return f.cacheControl ? { kind: 'untouched' } : { kind: 'private' };
  if (!f.policy || !html || !isRead(f.method) || f.status !== 200 || f.setsCookie || f.cacheControl) return { kind: 'untouched' };
  return { kind: 'public', policy: f.policy };
}

/** A strong validator: the same bytes always give the same tag. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` is ignored, `*` matches anything. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** Headers a cached guest page carries. */
export function publicHeaders(policy: CachePolicy, etag: string): Record<string, string> {
  return { 'cache-control': CACHE_CONTROL[policy], etag, vary: VARY };
}

/**
 * The 304 answer: every header of the full answer but the body's own, so a browser that merges the
 * 304 into its stored copy keeps the page's CSP and validators (a stricter default would replace them).
 */
export function notModified(headers: Headers): Response {
  const out = new Headers(headers);
  for (const name of ['content-type', 'content-length', 'content-encoding', 'transfer-encoding']) out.delete(name);
  return new Response(null, { status: 304, headers: out });
}
