import type { TFunction } from 'i18next';
import { logoutAction, userUrl } from '@/lib/urls';
import type { ShellFacts } from '@/server/lists/shell';

/**
 * Shared catalog HTML, personal shell (decision 0024). A catalog page is rendered once as a guest sees
 * it and kept in the page cache; a signed-in shopper's copy is that HTML with the few personal parts
 * filled in per request: the account menu (first word of the name), no guest links, the cart count, the wishlist and
 * compare buttons' state, and collected vouchers. Each part is marked in the shared HTML by the
 * component that draws it, and drawn by the same functions here, so JavaScript is not needed to see it.
 */
export const USER_START = '<!--personal:user-->';
export const USER_END = '<!--/personal:user-->';
/** Links only a guest sees (the compact menu's Login, Register, Become a seller): dropped for a shopper. */
export const GUEST_START = '<!--personal:guest-->';
export const GUEST_END = '<!--/personal:guest-->';
export const CART_START = '<!--personal:cart-->';
export const CART_END = '<!--/personal:cart-->';
export const voucherStart = (id: number) => `<!--personal:voucher:${id}-->`;
export const VOUCHER_END = '<!--/personal:voucher-->';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The signed-in Account dropdown (UserLinks.astro draws it with this too). */
export function accountMenuHtml(t: TFunction, name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  const links = [
    [userUrl('profile'), t('shell.profile')],
    [userUrl('orders'), t('shell.orders')],
    [userUrl('wishlists'), t('shell.wishlist')],
    [userUrl('compared'), t('shell.compared')],
    [userUrl('vouchers'), t('shell.vouchers')],
  ];
  return (
    `<details class="dropdown account-menu" data-dropdown><summary class="dropdown-toggle">` +
    `<span class="sr-only">${escapeHtml(t('header.account'))}:</span>` +
    `<span class="account-name">${escapeHtml(first || t('header.account'))}</span></summary>` +
    `<ul class="dropdown-panel dropdown-end" aria-label="${escapeHtml(t('shell.accountOf', { name: first }))}">` +
    links.map(([href, label]) => `<li><a href="${escapeHtml(href!)}">${escapeHtml(label!)}</a></li>`).join('') +
    `<li><form method="post" action="${escapeHtml(logoutAction())}"><button type="submit" class="link-btn">${escapeHtml(t('shell.logout'))}</button></form></li>` +
    `</ul></details>`
  );
}

/** The cart link and its badge (CartLink.astro draws it with this too); `count` null: shared HTML, the script fills it. */
export function cartLinkHtml(t: TFunction, href: string, count: number | null, shared: boolean): string {
  const label = count ? t('shell.cartCount', { n: count }) : t('header.cart');
  return (
    `<a class="cart-link icon-btn" href="${escapeHtml(href)}" data-cart-link` +
    (shared ? '' : ` data-cart-server="${count ?? 0}"`) +
    ` data-label="${escapeHtml(t('header.cart'))}" data-label-count="${escapeHtml(t('shell.cartCount', { n: '#' }))}" aria-label="${escapeHtml(label)}">` +
    CART_ICON +
    `<span class="cart-label">${escapeHtml(t('header.cart'))}</span>` +
    ` <span class="badge" data-cart-count${count ? '' : ' hidden'}>${count ?? ''}</span></a>`
  );
}

const CART_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"></path><circle cx="9" cy="19" r="1.6" fill="currentColor"></circle><circle cx="17" cy="19" r="1.6" fill="currentColor"></circle></svg>';

/** A voucher already in the shopper's list (VoucherCollect.astro's collected state). */
export const collectedHtml = (t: TFunction) => `<span class="voucher-collected">✓ ${escapeHtml(t('lists.collected'))}</span>`;

/** Who the personal parts are for: the request's signed-in shopper and what the database says of them. */
export interface PersonalOf {
  t: TFunction;
  name: string;
  cartHref: string;
  facts: ShellFacts;
}

type Hole =
  | { kind: 'user' | 'guest' | 'cart' }
  | { kind: 'want' | 'pressed'; list: 'wishlist' | 'compare'; id: number; text: string }
  | { kind: 'voucher'; id: number; text: string };

/** Shared HTML cut at its personal parts, once per cached copy. */
export interface Template {
  parts: (string | Hole)[];
  voucherIds: number[];
  /** The parts that are HTML as UTF-8, made on first use (personalBytes): only the holes are encoded per request. */
  bytes?: (Buffer | Hole)[];
}

const HOLES =
  /<!--personal:(user|guest|cart)-->[\s\S]*?<!--\/personal:\1-->|<!--personal:voucher:(\d+)-->[\s\S]*?<!--\/personal:voucher-->|value="1" data-list-want="(wishlist|compare)-(\d+)"|data-list-button="(wishlist|compare)" data-product-id="(\d+)" aria-pressed="false"/g;

const templates = new WeakMap<object, Template>();

/** The template of a cached page (`key`: the cache entry, so it is cut once for as long as it is kept). */
export function templateOf(key: object, html: string): Template {
  let template = templates.get(key);
  if (template) return template;
  const parts: (string | Hole)[] = [];
  const voucherIds: number[] = [];
  let at = 0;
  for (const m of html.matchAll(HOLES)) {
    parts.push(html.slice(at, m.index));
    const [text, shell, voucher, wantList, wantId, pressedList, pressedId] = m;
    if (shell) parts.push({ kind: shell as 'user' | 'guest' | 'cart' });
    else if (voucher) {
      voucherIds.push(Number(voucher));
      parts.push({ kind: 'voucher', id: Number(voucher), text });
    } else if (wantList) parts.push({ kind: 'want', list: wantList as 'wishlist', id: Number(wantId), text });
    else parts.push({ kind: 'pressed', list: pressedList as 'wishlist', id: Number(pressedId), text });
    at = m.index + text.length;
  }
  parts.push(html.slice(at));
  template = { parts, voucherIds };
  templates.set(key, template);
  return template;
}

/**
 * The shared HTML with this shopper's parts filled in, as UTF-8 bytes built from the shared parts
 * encoded once per template: a 110 KB page made into one string per request and then encoded (or
 * posted to the compression worker) cost the main thread 200–400 µs, copying it from encoded parts
 * about a tenth of that (decision 0024, third round).
 */
export function personalBytes(template: Template, who: PersonalOf): Buffer {
  template.bytes ??= template.parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part));
  const fill = filler(who);
  return Buffer.concat(template.bytes.map((part) => (Buffer.isBuffer(part) ? part : Buffer.from(fill(part)))));
}

/** The account menu and cart link, drawn once per language, name or count, and links (i18next is asked the same dozen words otherwise). */
const drawn = new WeakMap<TFunction, Map<string, string>>();
function drawnOnce(t: TFunction, key: string, draw: () => string): string {
  let forT = drawn.get(t);
  if (!forT) drawn.set(t, (forT = new Map()));
  let html = forT.get(key);
  if (html === undefined) {
    if (forT.size >= 5000) forT.clear();
    forT.set(key, (html = draw()));
  }
  return html;
}

/** What each hole becomes for this shopper. */
function filler(who: PersonalOf): (part: Hole) => string {
  const { facts } = who;
  const count = facts.cartCount > 0 ? Math.min(facts.cartCount, 999) : null;
  return (part) => {
    switch (part.kind) {
      case 'user':
        // Its links carry the page's language prefix: part of the key.
        return drawnOnce(who.t, `user|${userUrl('profile')}|${who.name}`, () => USER_START + accountMenuHtml(who.t, who.name) + USER_END);
      case 'guest':
        return GUEST_START + GUEST_END;
      case 'cart':
        return drawnOnce(
          who.t,
          `cart|${who.cartHref}|${count}`,
          () => CART_START + cartLinkHtml(who.t, who.cartHref, count, false) + CART_END,
        );
      case 'want':
        return (part.list === 'wishlist' ? facts.wishlist : facts.compare).has(part.id)
          ? `value="0" data-list-want="${part.list}-${part.id}"`
          : part.text;
      case 'pressed':
        return (part.list === 'wishlist' ? facts.wishlist : facts.compare).has(part.id)
          ? `data-list-button="${part.list}" data-product-id="${part.id}" aria-pressed="true"`
          : part.text;
      case 'voucher':
        return facts.collected.has(part.id) ? collectedHtml(who.t) : part.text;
    }
  };
}
