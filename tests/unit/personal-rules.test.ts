import { describe, expect, it } from 'vitest';
import { getT } from '@/i18n';
import {
  accountMenuHtml,
  cartLinkHtml,
  collectedHtml,
  escapeHtml,
  personalBytes,
  templateOf,
  VOUCHER_END,
  voucherStart,
  type PersonalOf,
} from '@/server/web/personal';
import type { ShellFacts } from '@/server/lists/shell';

/**
 * web/personal.ts on its own (issue 38, docs/mutation-testing.md run V4): the personal parts filled into a shared
 * catalog page, written out here in full as the shopper's browser reads them — never through the module's markers
 * or drawing functions, so a change to one of them cannot change both sides of a comparison
 * (tests/unit/personal-shell.test.ts checks the same output against the Astro components, which draw with them).
 */
const t = await getT('en');
const ar = await getT('ar');

const ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"></path><circle cx="9" cy="19" r="1.6" fill="currentColor"></circle><circle cx="17" cy="19" r="1.6" fill="currentColor"></circle></svg>';
const LINKS =
  '<li><a href="/user/profile">My profile</a></li><li><a href="/user/orders">My orders</a></li><li><a href="/user/wishlists">My wishlist</a></li>' +
  '<li><a href="/user/compared">Compared list</a></li><li><a href="/user/vouchers">Vouchers</a></li>' +
  '<li><form method="post" action="/api/v1/user/logout"><button type="submit" class="link-btn">Logout</button></form></li>';
const menu = (shown: string, label: string) =>
  '<details class="dropdown account-menu" data-dropdown><summary class="dropdown-toggle"><span class="sr-only">Account:</span>' +
  `<span class="account-name">${shown}</span></summary><ul class="dropdown-panel dropdown-end" aria-label="${label}">` +
  LINKS +
  '</ul></details>';
const cartLink = (count: number | null, server: string | null) =>
  `<a class="cart-link icon-btn" href="/cart" data-cart-link${server === null ? '' : ` data-cart-server="${server}"`} data-label="Cart" ` +
  `data-label-count="Cart, # items" aria-label="${count ? `Cart, ${count} items` : 'Cart'}">` +
  ICON +
  `<span class="cart-label">Cart</span> <span class="badge" data-cart-count${count ? '' : ' hidden'}>${count ?? ''}</span></a>`;

const facts = (f: Partial<ShellFacts> = {}): ShellFacts => ({
  cartCount: 0,
  wishlist: new Set(),
  compare: new Set(),
  collected: new Set(),
  ...f,
});
const fill = (html: string, who: Partial<PersonalOf> & { facts?: ShellFacts } = {}) =>
  personalBytes(templateOf({}, html), { t, name: 'Ada King', cartHref: '/cart', facts: facts(), ...who }).toString('utf8');

describe('the drawn parts, word for word', () => {
  it('escapes the five characters HTML reads', () => {
    expect(escapeHtml(`a&b<c>d"e'f&amp;`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f&amp;amp;');
  });

  it("the account menu shows the name's first word, and 'Account' for a blank name", () => {
    expect(accountMenuHtml(t, '  Ada   King ')).toBe(menu('Ada', 'Account of Ada'));
    expect(accountMenuHtml(t, '   ')).toBe(menu('Account', 'Account of '));
    expect(accountMenuHtml(t, '<b>Bo</b> "x"')).toBe(menu('&lt;b&gt;Bo&lt;/b&gt;', 'Account of &lt;b&gt;Bo&lt;/b&gt;'));
    expect(accountMenuHtml(ar, 'سارة أحمد')).toContain('<span class="account-name">سارة</span>');
  });

  it('the cart link: the count in its badge and label; none hidden; the shared copy leaves the count to the browser', () => {
    expect(cartLinkHtml(t, '/cart', 3, false)).toBe(cartLink(3, '3'));
    // A count of 0 is hidden (the shell passes null for an empty cart; 0 is only read as "none").
    expect(cartLinkHtml(t, '/cart', 0, false)).toBe(cartLink(null, '0').replace('hidden></span>', 'hidden>0</span>'));
    expect(cartLinkHtml(t, '/cart', null, false)).toBe(cartLink(null, '0'));
    expect(cartLinkHtml(t, '/cart', null, true)).toBe(cartLink(null, null));
    expect(cartLinkHtml(t, '/a"b', 1, false)).toContain('href="/a&quot;b"');
  });

  it('a collected voucher', () => {
    expect(collectedHtml(t)).toBe('<span class="voucher-collected">✓ Collected</span>');
  });
});

const PAGE =
  '<h1>Deals</h1><!--personal:user--><a href="/login">Login</a><!--/personal:user-->|' +
  '<!--personal:guest--><a href="/register">Register</a><!--/personal:guest-->|' +
  '<!--personal:cart--><a href="/cart">Cart</a><!--/personal:cart-->|' +
  '<button name="want" value="1" data-list-want="wishlist-5">♥</button>' +
  '<button name="want" value="1" data-list-want="compare-5">⇄</button>' +
  '<button data-list-button="wishlist" data-product-id="6" aria-pressed="false">♥</button>' +
  '<button data-list-button="compare" data-product-id="6" aria-pressed="false">⇄</button>' +
  '<!--personal:voucher:12--><button>Collect</button><!--/personal:voucher-->' +
  '<!--personal:voucher:13--><button>Collect 13</button><!--/personal:voucher--><p>é 🔌 العربية</p>';

describe('templateOf', () => {
  it('cuts the page at each personal part, in order, and names the vouchers on it', () => {
    const template = templateOf({}, PAGE);
    expect(template.voucherIds).toEqual([12, 13]);
    expect(template.parts).toEqual([
      '<h1>Deals</h1>',
      { kind: 'user' },
      '|',
      { kind: 'guest' },
      '|',
      { kind: 'cart' },
      '|<button name="want" ',
      { kind: 'want', list: 'wishlist', id: 5, text: 'value="1" data-list-want="wishlist-5"' },
      '>♥</button><button name="want" ',
      { kind: 'want', list: 'compare', id: 5, text: 'value="1" data-list-want="compare-5"' },
      '>⇄</button><button ',
      { kind: 'pressed', list: 'wishlist', id: 6, text: 'data-list-button="wishlist" data-product-id="6" aria-pressed="false"' },
      '>♥</button><button ',
      { kind: 'pressed', list: 'compare', id: 6, text: 'data-list-button="compare" data-product-id="6" aria-pressed="false"' },
      '>⇄</button>',
      { kind: 'voucher', id: 12, text: '<!--personal:voucher:12--><button>Collect</button><!--/personal:voucher-->' },
      '',
      { kind: 'voucher', id: 13, text: '<!--personal:voucher:13--><button>Collect 13</button><!--/personal:voucher-->' },
      '<p>é 🔌 العربية</p>',
    ]);
  });

  it('reads product and voucher ids of any length', () => {
    const html =
      '<b value="1" data-list-want="wishlist-1234"></b><b data-list-button="compare" data-product-id="5678" aria-pressed="false"></b>' +
      '<!--personal:voucher:90123-->x<!--/personal:voucher-->';
    const filled = fill(html, { facts: facts({ wishlist: new Set([1234]), compare: new Set([5678]), collected: new Set([90123]) }) });
    expect(filled).toBe(
      '<b value="0" data-list-want="wishlist-1234"></b><b data-list-button="compare" data-product-id="5678" aria-pressed="true"></b>' +
        '<span class="voucher-collected">✓ Collected</span>',
    );
  });

  it('the voucher markers VoucherCollect.astro writes around a voucher are these', () => {
    expect(voucherStart(42) + 'x' + VOUCHER_END).toBe('<!--personal:voucher:42-->x<!--/personal:voucher-->');
  });

  it('cuts a page once per cached copy: the same key gives the same template, another key its own', () => {
    const key = {};
    const first = templateOf(key, PAGE);
    expect(templateOf(key, 'other html')).toBe(first);
    expect(templateOf({}, 'plain')).toEqual({ parts: ['plain'], voucherIds: [] });
  });
});

describe('personalBytes', () => {
  it('fills every part for the shopper: their menu, no guest links, their cart, hearts, compare marks and vouchers', () => {
    const filled = fill(PAGE, {
      facts: facts({ cartCount: 4, wishlist: new Set([5, 6]), compare: new Set([6]), collected: new Set([13]) }),
    });
    expect(filled).toBe(
      '<h1>Deals</h1><!--personal:user-->' +
        menu('Ada', 'Account of Ada') +
        '<!--/personal:user-->|<!--personal:guest--><!--/personal:guest-->|<!--personal:cart-->' +
        cartLink(4, '4') +
        '<!--/personal:cart-->|' +
        '<button name="want" value="0" data-list-want="wishlist-5">♥</button>' +
        '<button name="want" value="1" data-list-want="compare-5">⇄</button>' +
        '<button data-list-button="wishlist" data-product-id="6" aria-pressed="true">♥</button>' +
        '<button data-list-button="compare" data-product-id="6" aria-pressed="true">⇄</button>' +
        '<!--personal:voucher:12--><button>Collect</button><!--/personal:voucher-->' +
        '<span class="voucher-collected">✓ Collected</span><p>é 🔌 العربية</p>',
    );
  });

  it('reads the compare marks from the compare list and the hearts from the wishlist, each on its own', () => {
    const filled = fill(PAGE, { facts: facts({ compare: new Set([5]), wishlist: new Set() }) });
    expect(filled).toContain('value="1" data-list-want="wishlist-5"');
    expect(filled).toContain('value="0" data-list-want="compare-5"');
    expect(filled).toContain('data-list-button="wishlist" data-product-id="6" aria-pressed="false"');
    const hearts = fill(PAGE, { facts: facts({ wishlist: new Set([6]) }) });
    expect(hearts).toContain('data-list-button="wishlist" data-product-id="6" aria-pressed="true"');
    expect(hearts).toContain('data-list-button="compare" data-product-id="6" aria-pressed="false"');
    expect(hearts).toContain('<!--personal:voucher:13--><button>Collect 13</button><!--/personal:voucher-->');
  });

  it('an empty cart shows no count; more than 999 shows 999', () => {
    const cart = '<!--personal:cart-->x<!--/personal:cart-->';
    expect(fill(cart)).toBe(`<!--personal:cart-->${cartLink(null, '0')}<!--/personal:cart-->`);
    expect(fill(cart, { facts: facts({ cartCount: -2 }) })).toBe(`<!--personal:cart-->${cartLink(null, '0')}<!--/personal:cart-->`);
    expect(fill(cart, { facts: facts({ cartCount: 1500 }) })).toBe(`<!--personal:cart-->${cartLink(999, '999')}<!--/personal:cart-->`);
    expect(fill(cart, { facts: facts({ cartCount: 999 }) })).toBe(`<!--personal:cart-->${cartLink(999, '999')}<!--/personal:cart-->`);
    expect(fill(cart, { cartHref: '/ar/cart', facts: facts({ cartCount: 2 }) })).toContain('href="/ar/cart"');
  });

  it('each shopper in turn gets their own name and count, never the one drawn just before (the drawings are remembered)', () => {
    const page = '<!--personal:user-->x<!--/personal:user--><!--personal:cart-->x<!--/personal:cart-->';
    const template = templateOf({}, page);
    const as = (name: string, cartCount: number, cartHref = '/cart') =>
      personalBytes(template, { t, name, cartHref, facts: facts({ cartCount }) }).toString('utf8');
    for (const [name, n] of [
      ['Ada King', 2],
      ['Bob Smith', 2],
      ['Ada King', 7],
      ['Bob Smith', 2],
    ] as const) {
      const shown = as(name, n);
      expect(shown).toBe(
        `<!--personal:user-->${menu(name.split(' ')[0]!, `Account of ${name.split(' ')[0]}`)}<!--/personal:user-->` +
          `<!--personal:cart-->${cartLink(n, String(n))}<!--/personal:cart-->`,
      );
    }
    expect(as('Ada King', 2, '/fr/cart')).toContain('href="/fr/cart"');
    // Thousands of shoppers through one language's drawings: each still gets their own.
    for (let i = 0; i < 5005; i++) as(`Shopper${i}`, 1);
    expect(as('Shopper3', 1)).toContain('<span class="account-name">Shopper3</span>');
    expect(as('Zed', 1)).toContain('<span class="account-name">Zed</span>');
  });

  it('the shared copy is left as it was: the same template filled twice is the same', () => {
    const template = templateOf({}, PAGE);
    const who = { t, name: 'Ada King', cartHref: '/cart', facts: facts({ wishlist: new Set([5]) }) };
    const once = personalBytes(template, who).toString('utf8');
    expect(personalBytes(template, { ...who, facts: facts() }).toString('utf8')).toContain('value="1" data-list-want="wishlist-5"');
    expect(personalBytes(template, who).toString('utf8')).toBe(once);
  });
});
