import { pageCacheBounds } from '@/server/core/cache-bounds';
import type { APIContext } from 'astro';
import { registerCache } from '@/server/core/memo';
import { onStockChange } from '@/server/core/stock-changes';
import { getEnv } from '@/server/core/env';
import { ownerOf, type CartOwner } from '@/server/cart/owner';
import { stampFor } from '@/server/cart/stamp';
import { PageCache } from '@/server/web/page-cache';
import { pickEncoding } from '@/server/web/encoding';
import { pageKeyOf } from '@/server/web/page-caching';

/**
 * The cart page, kept per shopper (decision 0024, "Third round"). It is drawn for one shopper, so no
 * copy can be shared; but a shopper reads it far more often than they change it, and drawing it costs
 * one large query and a whole page. So the page as sent (compressed, with its headers) is kept per
 * shopper and encoding, and by what guest pages are kept by (web/page-caching.ts pageKeyOf), beside
 * the stamp of the cart it was drawn from (cart/stamp.ts), and sent again while the cart's stamp,
 * read on every request by a small query, is still the same:
 * - a change to the cart or its address, by this process or another, shows on the very next request;
 * - a change to the catalog (a product, price, store, deal, setting, words) empties every kept page as
 *   it empties the catalog's copies: at once here, and on the other processes when they hear of it;
 * - stock taken or given back here empties them at once; another process's within the few seconds a
 *   page is kept, as for pages and API answers; a flash sale starting or ending likewise;
 * - a new name (profile edit) or the end of a session empties them with the remembered sessions.
 * Never kept: a page showing a flash message, one that set a cookie, another status, a HEAD.
 */
interface KeptPage {
  stamp: string;
  body: Buffer;
  status: number;
  headers: [string, string][];
  storedAt: number;
}

const keptPages = new PageCache<KeptPage>(pageCacheBounds('KEPT_CART_PAGES', 2000, 32));
/** Counts emptyings: a page drawn while its pages were emptied is not kept (it may show what was just changed). */
let emptied = 0;
const forget = {
  clear() {
    keptPages.clear();
    emptied++;
  },
};
registerCache(forget);
registerCache(forget, 'sessions');
onStockChange(() => forget.clear());

/** Paths (as rendered: `/ar/cart` renders `/cart`) whose page is kept per shopper, with the stamp each is checked against. */
const STAMPED: Record<string, (owner: CartOwner) => Promise<string>> = { '/cart': stampFor };

/** Empties every kept page of this process (tests). */
export const forgetKeptCartPages = () => forget.clear();

const ownerKey = (owner: CartOwner) => (owner.userId !== undefined ? `u${owner.userId}` : `g${owner.guestToken}`);

/**
 * Answers a cart page from what this shopper was last sent when their cart is unchanged; otherwise
 * `produce`s it and keeps it. `renders`: the path a prefixed request renders, else null.
 */
export async function withKeptCartPage(ctx: APIContext, renders: string | null, produce: () => Promise<Response>): Promise<Response> {
  const path = renders ?? ctx.url.pathname + ctx.url.search;
  const stampOf = Object.hasOwn(STAMPED, path) ? STAMPED[path] : undefined;
  const owner = ownerOf(ctx.locals);
  const method = ctx.request.method;
  if (!stampOf || !owner || (method !== 'GET' && method !== 'HEAD') || ctx.locals.flash || getEnv().KEEP_CART_PAGES === 'off')
    return produce();
  const encoding = pickEncoding(ctx.request.headers.get('accept-encoding'));
  const key = `${ownerKey(owner)}|${encoding}|${pageKeyOf(ctx)}`;
  const kept = keptPages.get(key);
  if (kept && kept.stamp === (await stampOf(owner))) {
    const headers = new Headers(kept.headers);
    headers.set('x-page-cache', 'hit, yours');
    return new Response(method === 'HEAD' ? null : (kept.body as unknown as BodyInit), { status: kept.status, headers });
  }
  const before = emptied;
  const response = await produce();
  const stamp = ctx.locals.cartStamp;
  const sentAs = response.headers.get('content-encoding') ?? 'identity';
  const setsCookie = response.headers.has('set-cookie') || [...ctx.cookies.headers()].length > 0;
  // Only a whole page read in one piece (web/compress-once.ts) in this request's encoding, drawn from a known stamp.
  if (method !== 'GET' || response.status !== 200 || !stamp || sentAs !== encoding || !response.headers.has('content-length') || setsCookie)
    return response;
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers];
  if (emptied === before) keptPages.set(key, { stamp, body, status: response.status, headers });
  const sent = new Headers(headers);
  sent.set('x-page-cache', 'miss, yours');
  return new Response(body as unknown as BodyInit, { status: response.status, headers: sent });
}
