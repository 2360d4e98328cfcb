import { pageCacheBounds } from '@/server/core/cache-bounds';
import type { APIContext } from 'astro';
import { registerCache } from '@/server/core/memo';
import { onStockChange } from '@/server/core/stock-changes';
import { getEnv } from '@/server/core/env';
import { ownerOf, type CartOwner } from '@/server/cart/owner';
import { checkoutStampFor, orderStampFor, ordersStampFor, stampFor } from '@/server/cart/stamp';
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
 * /shipping and /checkout (issue 39) are kept the same way for a signed-in shopper, one copy per choice in their
 * query, under a stamp that adds the shopper's addresses in full to the cart's (cart/stamp.ts checkoutStampFor);
 * vouchers, shipping rules, tax, payment methods and settings are the shop's, and their changes are announced.
 * /user/orders (issue 39) is kept the same way, one copy per keyset page, under the stamp of the user's orders and
 * their cart's count (cart/stamp.ts ordersStampFor); one order's page under the order's version, its payment rows
 * and the cart's count (orderStampFor). What changes with time alone there (the return window closing) or with a
 * rare edit nobody announces (a carrier's tracking link) shows within the 10 s a kept page lives.
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

/**
 * How one kept path is checked. `stamp`: the owner's stamp now. `fromPage`: the page leaves the stamp of
 * the very rows it was drawn from in `locals.cartStamp` (the cart page); otherwise the stamp is read
 * *before* the page is drawn, so a kept page is never older than its stamp (a change between the two
 * reads leaves a newer page under an older stamp, which the next request's stamp no longer matches).
 * `query`: the query parameters the page may carry and still be kept (each set of values is its own copy).
 */
interface Stamped {
  /** `path`: the path as rendered, without its query (one order's page reads its id from it). */
  stamp: (owner: CartOwner, path: string) => Promise<string>;
  fromPage: boolean;
  query: ReadonlySet<string>;
  signedIn: boolean;
}

/** /shipping and /checkout (issue 39): the choices they carry from one to the other (server/checkout/page-data.ts). */
const CHOICES = new Set(['address_id', 'billing_address_id', 'shipping_type', 'voucher', 'add']);
const tillStamp = (owner: CartOwner) => checkoutStampFor(owner.userId!);

/** Paths (as rendered: `/ar/cart` renders `/cart`) whose page is kept per shopper, with the stamp each is checked against. */
const STAMPED: Record<string, Stamped> = {
  '/cart': { stamp: stampFor, fromPage: true, query: new Set(), signedIn: false },
  // The till: drawn for a signed-in user only (a guest is sent to sign in).
  '/shipping': { stamp: tillStamp, fromPage: false, query: CHOICES, signedIn: true },
  '/checkout': { stamp: tillStamp, fromPage: false, query: CHOICES, signedIn: true },
  // The shopper's orders, newest first: each keyset page (`older`, `newer`) is its own copy.
  '/user/orders': { stamp: (owner) => ordersStampFor(owner.userId!), fromPage: false, query: new Set(['older', 'newer']), signedIn: true },
};

/** One order's page (`/user/order/{id}`): kept under that order's stamp, without a query. */
const ORDER_PAGE = /^\/user\/order\/(\d{1,9})$/;
const orderPage: Stamped = {
  stamp: (owner, path) => orderStampFor(owner.userId!, Number(ORDER_PAGE.exec(path)![1])),
  fromPage: false,
  query: new Set(),
  signedIn: true,
};

/** What is kept at this path and query, or undefined. */
function stampedAt(pathAndQuery: string): Stamped | undefined {
  const at = pathAndQuery.indexOf('?');
  const path = at < 0 ? pathAndQuery : pathAndQuery.slice(0, at);
  const stamped = Object.hasOwn(STAMPED, path) ? STAMPED[path] : ORDER_PAGE.test(path) ? orderPage : undefined;
  if (!stamped || at < 0) return stamped;
  for (const name of new URLSearchParams(pathAndQuery.slice(at + 1)).keys()) if (!stamped.query.has(name)) return undefined;
  return stamped;
}

/** Empties every kept page of this process (tests). */
export const forgetKeptCartPages = () => forget.clear();

const ownerKey = (owner: CartOwner) => (owner.userId !== undefined ? `u${owner.userId}` : `g${owner.guestToken}`);

/**
 * Answers a cart page from what this shopper was last sent when their cart is unchanged; otherwise
 * `produce`s it and keeps it. `renders`: the path a prefixed request renders, else null.
 */
export async function withKeptCartPage(ctx: APIContext, renders: string | null, produce: () => Promise<Response>): Promise<Response> {
  const path = renders ?? ctx.url.pathname + ctx.url.search;
  const stamped = stampedAt(path);
  const owner = ownerOf(ctx.locals);
  const method = ctx.request.method;
  if (
    !stamped ||
    !owner ||
    (stamped.signedIn && owner.userId === undefined) ||
    (method !== 'GET' && method !== 'HEAD') ||
    ctx.locals.flash ||
    getEnv().KEEP_CART_PAGES === 'off'
  )
    return produce();
  const encoding = pickEncoding(ctx.request.headers.get('accept-encoding'));
  const key = `${ownerKey(owner)}|${encoding}|${pageKeyOf(ctx)}`;
  const kept = keptPages.get(key);
  // Read now when the page does not give its own, or when a kept page waits to be checked against it.
  const now = kept || !stamped.fromPage ? await stamped.stamp(owner, path.split('?')[0]!) : undefined;
  if (kept && kept.stamp === now) {
    const headers = new Headers(kept.headers);
    headers.set('x-page-cache', 'hit, yours');
    return new Response(method === 'HEAD' ? null : (kept.body as unknown as BodyInit), { status: kept.status, headers });
  }
  const before = emptied;
  const response = await produce();
  const stamp = stamped.fromPage ? ctx.locals.cartStamp : now;
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
