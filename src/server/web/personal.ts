import type { TFunction } from 'i18next';
import { logoutAction, userUrl } from '@/lib/urls';
import { cartCountFor } from '@/server/cart/owner';
import { listMarksOf } from '@/server/lists/marks';
import { collectedVoucherIds } from '@/server/vouchers/collect';

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
    `<span class="badge" data-cart-count${count ? '' : ' hidden'}>${count ?? ''}</span></a>`
  );
}

const CART_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"></path><circle cx="9" cy="19" r="1.6" fill="currentColor"></circle><circle cx="17" cy="19" r="1.6" fill="currentColor"></circle></svg>';

/** A voucher already in the shopper's list (VoucherCollect.astro's collected state). */
export const collectedHtml = (t: TFunction) => `<span class="voucher-collected">✓ ${escapeHtml(t('lists.collected'))}</span>`;

/** Who the personal parts are for: the request's signed-in user (and guest token, for a cart kept before signing in). */
export interface PersonalOf {
  t: TFunction;
  user: { id: number; name: string };
  guestToken: string | null;
  cartHref: string;
}

function between(html: string, start: string, end: string, fill: (inner: string) => string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const s = html.indexOf(start, at);
    if (s < 0) break;
    const e = html.indexOf(end, s + start.length);
    if (e < 0) break;
    out += html.slice(at, s + start.length) + fill(html.slice(s + start.length, e)) + end;
    at = e + end.length;
  }
  return at === 0 ? html : out + html.slice(at);
}

const WANT = /value="1" data-list-want="(wishlist|compare)-(\d+)"/g;
const PRESSED = /data-list-button="(wishlist|compare)" data-product-id="(\d+)" aria-pressed="false"/g;
const VOUCHER = /<!--personal:voucher:(\d+)-->/g;

/** The shared HTML of a catalog page with this shopper's parts filled in; the reads run side by side. */
export async function personalise(html: string, who: PersonalOf): Promise<string> {
  const hasLists = html.includes('data-list-want="');
  const voucherIds = [...html.matchAll(VOUCHER)].map((m) => Number(m[1]));
  const [count, marks, collected] = await Promise.all([
    cartCountFor({ user: who.user, guestToken: who.guestToken }),
    hasLists ? listMarksOf(who.user.id) : null,
    voucherIds.length ? collectedVoucherIds(who.user.id, voucherIds) : null,
  ]);
  let out = between(html, USER_START, USER_END, () => accountMenuHtml(who.t, who.user.name));
  out = between(out, GUEST_START, GUEST_END, () => '');
  out = between(out, CART_START, CART_END, () => cartLinkHtml(who.t, who.cartHref, count > 0 ? Math.min(count, 999) : null, false));
  if (marks && (marks.wishlist.size || marks.compare.size)) {
    const on = (kind: string, id: string) => (kind === 'wishlist' ? marks.wishlist : marks.compare).has(Number(id));
    out = out.replace(WANT, (m, kind: string, id: string) => (on(kind, id) ? `value="0" data-list-want="${kind}-${id}"` : m));
    out = out.replace(PRESSED, (m, kind: string, id: string) =>
      on(kind, id) ? `data-list-button="${kind}" data-product-id="${id}" aria-pressed="true"` : m,
    );
  }
  if (collected?.size) {
    for (const id of collected) out = between(out, voucherStart(id), VOUCHER_END, () => collectedHtml(who.t));
  }
  return out;
}
